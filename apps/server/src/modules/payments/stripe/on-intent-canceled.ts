import type Stripe from 'stripe';
import type { StripeEventContext } from './event-context';
import { findStripePayment } from './find-payment';

/**
 * payment_intent.canceled. Usually the echo of our own release, or a hold that lapsed (the capture
 * then reports 'gone'). Only a payment still waiting for its checkout is affected.
 */
export async function onIntentCanceled({ app, stripe }: StripeEventContext, eventIntent: Stripe.PaymentIntent) {
  const payment = await findStripePayment(app, eventIntent.metadata?.payment_id);
  if (!payment) return 'unknown payment';
  if (payment.status !== 'pending') return `payment ${payment.status}; nothing to do`;
  const intent = await stripe.paymentIntents.retrieve(eventIntent.id);
  if (intent.status !== 'canceled') return `intent ${intent.status}`;
  await app.checkouts.abandon(app, { paymentId: payment.id, reason: 'canceled' });
  return 'checkout abandoned';
}
