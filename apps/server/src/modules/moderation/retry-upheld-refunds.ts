import { NOT_AN_ANSWER_KIND } from '@fanline/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { contentModeration, earnings } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * Upheld "not an answer" flags whose refund the ruling could not complete (the provider failed after
 * the ruling committed, or the process died in between: decision 0016): their message ids. Reads the
 * earning's status (the ledger's table, a read model in decision 0014) to find the unfinished ones
 * only. flows/retry-upheld-refunds.ts finishes them.
 */
export async function upheldFlagsAwaitingRefund(db: Db, opts: { limit?: number } = {}): Promise<string[]> {
  const pending = await db
    .select({ messageId: earnings.messageId })
    .from(contentModeration)
    .innerJoin(earnings, eq(earnings.messageId, contentModeration.contentId))
    .where(
      and(
        eq(contentModeration.contentType, NOT_AN_ANSWER_KIND),
        eq(contentModeration.status, 'approved'),
        ne(earnings.status, 'refunded'),
      ),
    )
    .limit(opts.limit ?? 100);
  return pending.map((row) => row.messageId);
}
