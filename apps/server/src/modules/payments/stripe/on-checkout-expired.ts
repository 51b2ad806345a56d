import type Stripe from 'stripe';
import type { StripeEventContext } from './event-context';
import { findStripePayment, paymentIdOf } from './find-payment';

/** checkout.session.expired: the fan never paid; a still-pending checkout is abandoned. */
export async function onCheckoutExpired({ app, stripe }: StripeEventContext, eventSession: Stripe.Checkout.Session) {
  const payment = await findStripePayment(app, paymentIdOf(eventSession));
  if (!payment || payment.checkoutSessionId !== eventSession.id) return 'unknown payment';
  if (payment.status !== 'pending') return `payment already ${payment.status}`;
  const session = await stripe.checkout.sessions.retrieve(eventSession.id);
  if (session.status !== 'expired') return `session ${session.status}`;
  await app.checkouts.abandon(app, { paymentId: payment.id, reason: 'canceled' });
  return 'checkout abandoned';
}
