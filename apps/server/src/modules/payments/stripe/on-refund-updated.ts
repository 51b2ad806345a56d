import type Stripe from 'stripe';
import { settleRefund } from '../refund-outcome';
import type { StripeEventContext } from './event-context';
import { findStripePayment } from './find-payment';
import { refundOutcome } from './provider';

/**
 * refund.updated, refund.failed and charge.refund.updated (decision 0050): a refund of ours moved on.
 * The refund is read back from Stripe and its status now applied, so a repeat or a late, stale event
 * changes nothing. A refund Stripe reports before our own booking of it has committed (the refund
 * call's answer is still on its way) is not known yet: the 500 makes Stripe deliver again.
 */
export async function onRefundUpdated({ app, stripe }: StripeEventContext, eventRefund: Stripe.Refund) {
  const payment = await findStripePayment(app, eventRefund.metadata?.payment_id);
  if (!payment) return 'unknown payment';
  if (!payment.refundId) {
    if (payment.status === 'succeeded')
      throw new Error(`refund ${eventRefund.id} of payment ${payment.id} not booked yet`);
    return `payment ${payment.status} without a tracked refund`;
  }
  const refund = await stripe.refunds.retrieve(eventRefund.id);
  return settleRefund(app, { paymentId: payment.id, outcome: refundOutcome(refund) });
}
