import type { TPaymentReceiptState, ZPaymentReceipt } from '@fanline/contracts';
import type { z } from 'zod';
import { type LocalCheckoutContext, loadOwnPayment } from './local/get-local-checkout';

/**
 * Where the browser lands after paying: the success page of spec §2, which looks the payment up by
 * its id (issue 36 §3). It used to carry `?creator=…&amount=…`, which the page believed as written.
 */
export const successPath = (paymentId: string) => `/payment-success?${new URLSearchParams({ payment: paymentId })}`;

const STATE: Record<string, TPaymentReceiptState> = {
  pending: 'awaiting',
  authorized: 'held',
  succeeded: 'charged',
  canceled: 'returned',
  refunded: 'returned',
  failed: 'failed',
};

/** One of the caller's own payments as /payment-success shows it; anybody else's is 'not found'. */
export async function getPaymentReceipt(
  ctx: LocalCheckoutContext,
  opts: { paymentId: string; viewerId: string },
): Promise<z.input<typeof ZPaymentReceipt>> {
  const { payment, creator } = await loadOwnPayment(ctx, opts);
  return {
    paymentId: payment.id,
    state: STATE[payment.status] ?? 'failed',
    amountCents: payment.amountTotal,
    creator: { username: creator.username, displayName: creator.displayName },
    messageId: payment.messageId,
  };
}
