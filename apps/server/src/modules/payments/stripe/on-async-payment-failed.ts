import type Stripe from 'stripe';
import type { StripeEventContext } from './event-context';
import { findStripePayment, paymentIdOf } from './find-payment';

/**
 * checkout.session.async_payment_failed (decision 0051): a delayed payment (a bank debit) that completed
 * the checkout unpaid was refused days later. The checkout failed as a declined card's does: the message
 * never goes live and the fan's payment reads "failed". Read back from Stripe first: only a completed,
 * unpaid session whose intent needs a new payment method has failed.
 */
export async function onAsyncPaymentFailed({ app, stripe }: StripeEventContext, eventSession: Stripe.Checkout.Session) {
  const payment = await findStripePayment(app, paymentIdOf(eventSession));
  if (!payment || payment.checkoutSessionId !== eventSession.id) return 'unknown payment';
  if (payment.status !== 'pending') return `payment already ${payment.status}`;
  const session = await stripe.checkout.sessions.retrieve(eventSession.id, { expand: ['payment_intent'] });
  const ref = session.payment_intent;
  const intent = typeof ref === 'string' ? await stripe.paymentIntents.retrieve(ref) : ref;
  if (
    session.status !== 'complete' ||
    session.payment_status !== 'unpaid' ||
    intent?.status !== 'requires_payment_method'
  ) {
    return `session ${session.status} ${session.payment_status}, intent ${intent?.status ?? 'none'}`;
  }
  await app.checkouts.abandon(app, { paymentId: payment.id, reason: 'failed' });
  return 'delayed payment failed';
}
