import type Stripe from 'stripe';
import type { StripeEventContext } from './event-context';
import { findStripePayment } from './find-payment';

/**
 * payment_intent.payment_failed. A declined card does not end a Checkout Session: the customer may
 * try another card on Stripe's page and complete it. So a pending payment fails only once its
 * session can no longer be paid; while it is open, its completion or expiry event decides.
 */
export async function onPaymentFailed({ app, stripe }: StripeEventContext, eventIntent: Stripe.PaymentIntent) {
  const payment = await findStripePayment(app, eventIntent.metadata?.payment_id);
  if (!payment?.checkoutSessionId) return 'unknown payment';
  if (payment.status !== 'pending') return `payment already ${payment.status}`;
  const session = await stripe.checkout.sessions.retrieve(payment.checkoutSessionId);
  if (session.status !== 'expired') return `session ${session.status}; the customer may retry`;
  await app.checkouts.abandon(app, { paymentId: payment.id, reason: 'failed' });
  return 'checkout failed';
}
