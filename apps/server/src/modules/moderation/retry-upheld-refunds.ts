import { NOT_AN_ANSWER_KIND } from '@fanline/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { contentModeration, earnings } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { refundCapturedPayment } from '../payments';

/**
 * Finishes the refund of an upheld "not an answer" flag that the ruling could not complete (the
 * provider failed after the ruling committed, or the process died in between: decision 0016). Until
 * then the upheld flag keeps the earning held, so it is never paid out; this gives the fan their money.
 * refundCapturedPayment is idempotent (one provider refund key, one booking), so a repeat is harmless.
 * Reads the earning's status (the ledger's table) to find the unfinished ones only.
 */
export async function retryUpheldRefunds(
  ctx: Pick<AppContext, 'db' | 'clock' | 'payments' | 'log'>,
  opts: { limit?: number } = {},
): Promise<number> {
  const pending = await ctx.db
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
  let refunded = 0;
  for (const row of pending) {
    try {
      if ((await refundCapturedPayment(ctx, { messageId: row.messageId })) === 'refunded') refunded++;
    } catch (error) {
      ctx.log.warn({ err: error, messageId: row.messageId }, 'upheld flag: refund failed again; will retry');
    }
  }
  return refunded;
}
