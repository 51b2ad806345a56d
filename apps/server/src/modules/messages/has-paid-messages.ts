import { and, eq, gt, inArray } from 'drizzle-orm';
import { messages } from '../../db/schema';
import type { Db } from '../../platform/db';

/** Issue 36: has any fan paid this creator a message that reached them (answered or not)? */
export async function hasPaidMessages(db: Db, creatorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.recipientId, creatorId),
        gt(messages.amount, 0),
        eq(messages.isFollowup, false),
        inArray(messages.status, ['sent', 'responded', 'refunded']),
      ),
    )
    .limit(1);
  return Boolean(row);
}
