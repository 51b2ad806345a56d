import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { abandonCheckout } from './abandon-checkout';
import { syncPayoutAccount } from './payout-account';
import { onCheckoutCompleted } from './stripe-checkout-completed';
import { findStripePayment, paymentIdOf } from './stripe-find-payment';

/** The only Stripe events we act on; every other type is acknowledged and ignored. */
export const HANDLED_STRIPE_EVENTS = new Set<string>([
  'checkout.session.completed',
  'checkout.session.expired',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'account.updated',
]);

export interface StripeEventContext {
  app: FastifyInstance;
  stripe: Stripe;
  /** The request's logger, so every line carries the delivery's request id. */
  log: FastifyBaseLogger;
}

/**
 * Acts on one verified Stripe event. The event is only a trigger (STYLE.md Webhooks): what we do
 * depends on the session or intent read back from Stripe now and on our own row, never on the
 * event's copy, which may be stale or arrive out of order. Returns what happened, for the log.
 */
export async function handleStripeEvent(ctx: StripeEventContext, event: Stripe.Event): Promise<string> {
  switch (event.type) {
    case 'checkout.session.completed':
      return onCheckoutCompleted(ctx, event.data.object);
    case 'checkout.session.expired':
      return onCheckoutExpired(ctx, event.data.object);
    case 'payment_intent.payment_failed':
      return onPaymentFailed(ctx, event.data.object);
    case 'payment_intent.canceled':
      return onIntentCanceled(ctx, event.data.object);
    case 'account.updated':
      // The connected account is read back from Stripe inside; the event's copy is never trusted.
      return syncPayoutAccount(ctx.app, event.data.object.id);
    default:
      return 'ignored';
  }
}

async function onCheckoutExpired({ app, stripe }: StripeEventContext, eventSession: Stripe.Checkout.Session) {
  const payment = await findStripePayment(app, paymentIdOf(eventSession));
  if (!payment || payment.checkoutSessionId !== eventSession.id) return 'unknown payment';
  if (payment.status !== 'pending') return `payment already ${payment.status}`;
  const session = await stripe.checkout.sessions.retrieve(eventSession.id);
  if (session.status !== 'expired') return `session ${session.status}`;
  await abandonCheckout(app, { paymentId: payment.id, reason: 'canceled' });
  return 'checkout abandoned';
}

/**
 * A declined card does not end a Checkout Session: the customer may try another card on Stripe's
 * page and complete it. So a pending payment fails only once its session can no longer be paid;
 * while it is open, its completion or expiry event decides.
 */
async function onPaymentFailed({ app, stripe }: StripeEventContext, eventIntent: Stripe.PaymentIntent) {
  const payment = await findStripePayment(app, eventIntent.metadata?.payment_id);
  if (!payment?.checkoutSessionId) return 'unknown payment';
  if (payment.status !== 'pending') return `payment already ${payment.status}`;
  const session = await stripe.checkout.sessions.retrieve(payment.checkoutSessionId);
  if (session.status !== 'expired') return `session ${session.status}; the customer may retry`;
  await abandonCheckout(app, { paymentId: payment.id, reason: 'failed' });
  return 'checkout failed';
}

/**
 * Usually the echo of our own release, or a hold that lapsed (the capture then reports 'gone').
 * Only a payment still waiting for its checkout is affected.
 */
async function onIntentCanceled({ app, stripe }: StripeEventContext, eventIntent: Stripe.PaymentIntent) {
  const payment = await findStripePayment(app, eventIntent.metadata?.payment_id);
  if (!payment) return 'unknown payment';
  if (payment.status !== 'pending') return `payment ${payment.status}; nothing to do`;
  const intent = await stripe.paymentIntents.retrieve(eventIntent.id);
  if (intent.status !== 'canceled') return `intent ${intent.status}`;
  await abandonCheckout(app, { paymentId: payment.id, reason: 'canceled' });
  return 'checkout abandoned';
}
