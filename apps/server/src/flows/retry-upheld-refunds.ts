import { upheldFlagsAwaitingRefund } from '../modules/moderation';
import { refundCapturedPayment } from '../modules/payments';
import type { AppContext } from '../platform/context';

/**
 * Finishes the refund of an upheld "not an answer" flag that the ruling could not complete (decision
 * 0016). Until then the upheld flag keeps the earning held, so it is never paid out; this gives the fan
 * their money. refundCapturedPayment is idempotent (one provider refund key, one booking), so a repeat
 * is harmless.
 */
export async function retryUpheldRefunds(
  ctx: Pick<AppContext, 'db' | 'clock' | 'payments' | 'log'>,
  opts: { limit?: number } = {},
): Promise<number> {
  let refunded = 0;
  for (const messageId of await upheldFlagsAwaitingRefund(ctx.db, opts)) {
    try {
      if ((await refundCapturedPayment(ctx, { messageId })) === 'refunded') refunded++;
    } catch (error) {
      ctx.log.warn({ err: error, messageId }, 'upheld flag: refund failed again; will retry');
    }
  }
  return refunded;
}
