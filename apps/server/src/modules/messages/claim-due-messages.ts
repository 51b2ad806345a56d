import { and, eq, inArray } from 'drizzle-orm';
import { messages } from '../../db/schema';
import type { Db } from '../../platform/db';
import { isDue, isUnanswered } from './queries';
import { refreshResponseRates } from './response-rate';

/**
 * The messages' side of the expiry (ARCHITECTURE §1 Jobs, §3), inside the caller's transaction: claims
 * paid messages past their deadline with FOR UPDATE SKIP LOCKED, so any number of instances share the
 * work and a message a reply holds is left alone, marks them refunded and refreshes their creators'
 * response rates. With `messageId` it takes that one unanswered paid message whatever its deadline
 * (the admin's stuck-payment refund). The flow (flows/expire-messages.ts) gives the money back.
 */
export async function claimDueMessages(
  tx: Db,
  opts: { limit: number; now: Date; messageId?: string | undefined },
): Promise<{ id: string; senderId: string; recipientId: string; conversationId: string }[]> {
  const { now } = opts;
  const due = await tx
    .select({
      id: messages.id,
      senderId: messages.senderId,
      recipientId: messages.recipientId,
      conversationId: messages.conversationId,
    })
    .from(messages)
    .where(
      // The admin's refund takes that one open message whatever its deadline; the job, every due one.
      opts.messageId ? and(isUnanswered(), eq(messages.id, opts.messageId)) : isDue(now),
    )
    .orderBy(messages.expiresAt)
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  await tx
    .update(messages)
    .set({ status: 'refunded', updatedAt: now })
    .where(
      inArray(
        messages.id,
        due.map((m) => m.id),
      ),
    );
  await refreshResponseRates(tx, [...new Set(due.map((m) => m.recipientId))]);
  return due;
}
