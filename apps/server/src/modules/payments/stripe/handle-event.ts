import type Stripe from 'stripe';
import type { StripeEventContext } from './event-context';
import { onAccountUpdated } from './on-account-updated';
import { onCheckoutCompleted } from './on-checkout-completed';
import { onCheckoutExpired } from './on-checkout-expired';
import { onIntentCanceled } from './on-intent-canceled';
import { onPaymentFailed } from './on-payment-failed';

/** The only Stripe events we act on; every other type is acknowledged and ignored. */
export const HANDLED_STRIPE_EVENTS = new Set<string>([
  'checkout.session.completed',
  'checkout.session.expired',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'account.updated',
]);

/**
 * Acts on one verified Stripe event, one file per event type (`on-<event>.ts`). The event is only a
 * trigger (STYLE.md Webhooks): what we do depends on the session or intent read back from Stripe now
 * and on our own row, never on the event's copy, which may be stale or arrive out of order. The
 * "acted on once" guarantee is webhook-routes.ts + ../claim-stripe-event.ts. Returns what happened, for the log.
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
      return onAccountUpdated(ctx, event.data.object);
    default:
      return 'ignored';
  }
}
