import { capturePayment, releasePayments } from '../modules/payments';
import type { AppContext } from '../platform/context';

export type SettleContext = Pick<AppContext, 'db' | 'clock' | 'payments' | 'log'>;

/**
 * After a change to messages has committed, their money moves at the provider: the one home of "call
 * the provider after the commit; if it fails, the change stands and the reconciler finishes it"
 * (decision 0005). A reply captures (capturePayment: provider first, then the booking, once); an
 * expiry, a decline, a block or an admin's refund lets the money go (releasePayments: a hold released,
 * a charge refunded). Both are idempotent, so the reconciler repeating one is harmless.
 */
export async function settlePayments(
  ctx: SettleContext,
  opts: { action: 'capture' | 'release'; paymentIds: readonly string[]; cause: string },
): Promise<void> {
  if (opts.action === 'release') {
    try {
      await releasePayments(ctx, { paymentIds: opts.paymentIds });
    } catch (error) {
      ctx.log.error({ err: error, cause: opts.cause }, 'release failed after the change; the reconciler will retry');
    }
    return;
  }
  for (const paymentId of opts.paymentIds) {
    try {
      await capturePayment(ctx, { paymentId });
    } catch (error) {
      // The answer stands; the reconciler retries the capture.
      ctx.log.error(
        { err: error, paymentId, cause: opts.cause },
        'capture failed after the change; the reconciler will retry',
      );
    }
  }
}
