import { NOT_AN_ANSWER_KIND } from '@fanline/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { contentModeration } from '../../db/schema';
import type { Db } from '../../platform/db';

// Read from moderation's queue in the conversation's own queries (decision 0016): a flag is a report row.
/** The "not an answer" flags of these messages, for the conversation view (at most one each). */
export async function replyFlagsFor(db: Db, messageIds: string[]) {
  if (messageIds.length === 0)
    return new Map<string, { status: 'pending' | 'approved' | 'rejected'; reason: string; createdAt: Date }>();
  const rows = await db
    .select({
      messageId: contentModeration.contentId,
      status: contentModeration.status,
      reason: contentModeration.reason,
      createdAt: contentModeration.createdAt,
    })
    .from(contentModeration)
    .where(
      and(eq(contentModeration.contentType, NOT_AN_ANSWER_KIND), inArray(contentModeration.contentId, messageIds)),
    );
  return new Map(
    rows.map((r) => [
      r.messageId,
      { status: r.status as 'pending' | 'approved' | 'rejected', reason: r.reason, createdAt: r.createdAt },
    ]),
  );
}
