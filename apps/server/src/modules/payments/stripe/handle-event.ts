import type Stripe from 'stripe';
import type { StripeEventContext } from './event-context';
import { onAccountUpdated } from './on-account-updated';
import { onAsyncPaymentFailed } from './on-async-payment-failed';
import { onBalanceAvailable } from './on-balance-available';
import { onCheckoutCompleted } from './on-checkout-completed';
import { onCheckoutExpired } from './on-checkout-expired';
import { onDisputeEvent } from './on-dispute-event';
import { onIntentCanceled } from './on-intent-canceled';
import { onPaymentFailed } from './on-payment-failed';
import { onPayoutEvent } from './on-payout-event';
import { onRefundUpdated } from './on-refund-updated';
import { onTransferReversed } from './on-transfer-reversed';

/**
 * The only Stripe events we act on, per endpoint; every other type is acknowledged and ignored. The
 * platform endpoint gets our own account's events (checkouts, and transfers, which are the
 * platform's objects); the Connect endpoint gets connected accounts' events (the account itself,
 * the payouts to its bank), each carrying `account` (decision 0029).
 */
export const HANDLED_STRIPE_EVENTS = new Set<string>([
  'checkout.session.completed',
  'checkout.session.expired',
  // Decision 0051: a delayed payment method's outcome, days after its checkout completed unpaid.
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'transfer.reversed',
  // Decision 0050: refunds tracked to their outcome (Stripe sends charge.refund.updated too).
  'refund.updated',
  'refund.failed',
  'charge.refund.updated',
  // Decision 0054: chargebacks, each read back from Stripe and applied as it is now.
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
]);

export const HANDLED_CONNECT_EVENTS = new Set<string>([
  'account.updated',
  'payout.paid',
  'payout.failed',
  'payout.updated',
  'payout.canceled',
  // Decision 0052: pending funds became available; payouts waiting for them go now.
  'balance.available',
  // Stripe sends transfers to the platform endpoint; accepted here too, so a misrouted one is not lost.
  'transfer.reversed',
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
    // The settled payment confirms as a completion does; one that arrives after we gave up is given back.
    case 'checkout.session.async_payment_succeeded':
      return onCheckoutCompleted(ctx, event.data.object);
    case 'checkout.session.async_payment_failed':
      return onAsyncPaymentFailed(ctx, event.data.object);
    case 'checkout.session.expired':
      return onCheckoutExpired(ctx, event.data.object);
    case 'payment_intent.payment_failed':
      return onPaymentFailed(ctx, event.data.object);
    case 'payment_intent.canceled':
      return onIntentCanceled(ctx, event.data.object);
    case 'account.updated':
      return onAccountUpdated(ctx, event.data.object);
    case 'payout.paid':
    case 'payout.failed':
    case 'payout.updated':
    case 'payout.canceled':
      return onPayoutEvent(ctx, event.data.object, event.account);
    case 'balance.available':
      return onBalanceAvailable(ctx, event.account);
    case 'transfer.reversed':
      return onTransferReversed(ctx, event.data.object);
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated':
      return onRefundUpdated(ctx, event.data.object);
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated':
      return onDisputeEvent(ctx, event.data.object);
    default:
      return 'ignored';
  }
}
