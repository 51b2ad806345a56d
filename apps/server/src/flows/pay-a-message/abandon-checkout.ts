import { cancelPendingMessage } from '../../modules/messages';
import { endPendingPayment } from '../../modules/payments';
import type { AppContext } from '../../platform/context';

export type AbandonCheckoutContext = Pick<AppContext, 'db' | 'clock'>;

/**
 * A checkout that failed or was abandoned (ARCHITECTURE §3 `cancelled`): the pending message never
 * reaches the creator and the payment is marked failed or canceled. Only a pending payment changes.
 */
export async function abandonCheckout(
  ctx: AbandonCheckoutContext,
  opts: { paymentId: string; reason: 'failed' | 'canceled' },
): Promise<{ changed: boolean }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const payment = await endPendingPayment(tx, { paymentId: opts.paymentId, reason: opts.reason, now });
    if (!payment) return { changed: false };
    if (payment.messageId) await cancelPendingMessage(tx, { messageId: payment.messageId, now });
    return { changed: true };
  });
}
