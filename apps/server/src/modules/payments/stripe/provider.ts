import Stripe from 'stripe';
import type { Config } from '../../../platform/config';
import { idempotencyKey, type PaymentProvider, type PaymentRow, type RefundOutcome } from '../provider';
import { captureBeforeOf } from './capture-before';
import { createStripeClient } from './client';
import { createStripeDisputes } from './disputes';
import { createStripePayoutRails } from './payout-rails';

// Stripe lets a Checkout Session live 30 min to 24 h. A minute over 30 keeps a clock a little ahead of
// Stripe's from making the request invalid; an unpaid message should not linger longer than that.
const CHECKOUT_LIFETIME_S = 31 * 60;
/** Stripe's answers to a capture after the card's hold lapsed (PaymentIntents.d.ts error codes). */
const EXPIRED_CAPTURE = new Set(['charge_expired_for_capture', 'capture_charge_authorization_expired']);

/**
 * Stripe behind the PaymentProvider seam (ARCHITECTURE §2): Checkout Sessions with manual capture,
 * then capture, cancel or refund of the session's PaymentIntent. Errors other than the documented
 * end states propagate, so the reconciler retries them with the same idempotency keys.
 */
export function createStripeProvider(config: Config, stripe: Stripe = createStripeClient(config)): PaymentProvider {
  return {
    name: 'stripe',
    holdLimitHours: config.payments.holdLimitHours,
    payouts: createStripePayoutRails(stripe),
    disputes: createStripeDisputes(stripe),

    async checkoutState(payment) {
      if (!payment.checkoutSessionId) return { state: 'expired' };
      const session = await stripe.checkout.sessions.retrieve(payment.checkoutSessionId, {
        expand: ['payment_intent'],
      });
      if (session.status === 'open') return { state: 'open' };
      const ref = session.payment_intent;
      const intent = typeof ref === 'string' ? await stripe.paymentIntents.retrieve(ref) : ref;
      // Decision 0051: a delayed method (a bank debit) completes the session unpaid; its outcome comes
      // days later. Not paid, and not to be abandoned while the money may still arrive.
      if (session.status === 'complete' && intent?.status === 'processing') return { state: 'processing' };
      if (
        session.status === 'complete' &&
        intent &&
        (intent.status === 'requires_capture' || intent.status === 'succeeded')
      ) {
        return {
          state: 'complete',
          providerPaymentId: intent.id,
          captured: intent.status === 'succeeded',
          captureBefore: await captureBeforeOf(stripe, intent),
        };
      }
      // Completed, but the delayed payment did not go through (checkout.session.async_payment_failed).
      if (
        session.status === 'complete' &&
        session.payment_status === 'unpaid' &&
        intent?.status === 'requires_payment_method'
      ) {
        return { state: 'failed' };
      }
      return { state: 'expired' };
    },

    async createCheckout({ payment, description, successUrl, cancelUrl, captureAtOnce }) {
      // Our ids ride along on both the session and its PaymentIntent, so every webhook finds its row.
      const metadata = { payment_id: payment.id, message_id: payment.messageId ?? '' };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: { currency: 'usd', unit_amount: payment.amountTotal, product_data: { name: description } },
            },
          ],
          // Decision 0051: cards only, whatever the Dashboard switches on. A delayed method (a bank debit)
          // would complete the checkout unpaid and settle days later. (API 2026-09-30 replaced
          // payment_method_types with this filter on the Dashboard's methods.)
          allowed_payment_method_types: ['card'],
          payment_intent_data: { capture_method: captureAtOnce ? 'automatic' : 'manual', metadata },
          metadata,
          client_reference_id: payment.id,
          // Stripe fills in the literal {CHECKOUT_SESSION_ID} placeholder on redirect.
          success_url: `${successUrl}${successUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: cancelUrl,
          expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_LIFETIME_S,
        },
        { idempotencyKey: idempotencyKey(payment, 'checkout') },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { url: session.url, checkoutSessionId: session.id };
    },

    async capture(payment) {
      try {
        await stripe.paymentIntents.capture(
          intentId(payment),
          {},
          { idempotencyKey: idempotencyKey(payment, 'capture') },
        );
        return 'captured';
      } catch (error) {
        // Stripe dropped the hold (capture_before passed; decision 0050): final, a retry answers the same.
        if (error instanceof Stripe.errors.StripeError && EXPIRED_CAPTURE.has(error.code ?? '')) return 'gone';
        const status = unexpectedIntentStatus(error);
        // Canceled: released by us or lapsed after the hold limit; nothing can be taken any more.
        if (status === 'canceled') return 'gone';
        // Captured earlier by a call whose answer we lost (and whose idempotency key has aged out).
        if (status === 'succeeded') return 'captured';
        throw error;
      }
    },

    async release(payment) {
      try {
        await stripe.paymentIntents.cancel(
          intentId(payment),
          {},
          { idempotencyKey: idempotencyKey(payment, 'release') },
        );
      } catch (error) {
        // Already let go (by an earlier attempt, or the hold lapsed): the fan is not charged, as wanted.
        if (unexpectedIntentStatus(error) !== 'canceled') throw error;
      }
    },

    async processingFee(payment) {
      // One read: the intent, its charge and the charge's balance transaction (decision 0056).
      const intent = await stripe.paymentIntents.retrieve(intentId(payment), {
        expand: ['latest_charge.balance_transaction'],
      });
      if (intent.status !== 'succeeded') return null;
      const charge = intent.latest_charge;
      const txn = typeof charge === 'object' && charge ? charge.balance_transaction : null;
      // A captured card charge has its balance transaction at once; without it, ask again later.
      if (!txn || typeof txn === 'string') throw new Error(`no balance transaction yet for intent ${intent.id}`);
      if (txn.currency !== 'usd') throw new Error(`balance transaction ${txn.id} is in ${txn.currency}, not usd`);
      return txn.fee;
    },

    async refundState(refundId) {
      return refundOutcome(await stripe.refunds.retrieve(refundId));
    },

    async refund(payment) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: intentId(payment), metadata: { payment_id: payment.id } },
          { idempotencyKey: idempotencyKey(payment, 'refund') },
        );
        return refundOutcome(refund);
      } catch (error) {
        // An earlier attempt refunded it and its idempotency key has aged out (Stripe keeps them 24 h).
        if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') {
          return { refundId: null, status: 'succeeded', failureReason: null };
        }
        // A charged-back charge cannot be refunded, also once the dispute was won: no refund is made, and
        // the money stays on the platform, owed to the fan (decision 0068). Final, unlike a 5xx.
        if (error instanceof Stripe.errors.StripeError && error.code === 'charge_disputed') {
          return { refundId: null, status: 'failed', failureReason: 'charge_disputed' };
        }
        throw error;
      }
    },
  };
}

/**
 * Where a Stripe refund stands, in our three words (decision 0050): `requires_action` waits on the
 * customer and is still pending; `canceled` gives nothing back, as `failed` does.
 */
export function refundOutcome(refund: Stripe.Refund): RefundOutcome {
  const status =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending';
  return {
    refundId: refund.id,
    status,
    failureReason: status === 'failed' ? (refund.failure_reason ?? 'unknown') : null,
  };
}

function intentId(payment: PaymentRow): string {
  if (!payment.paymentIntentId) throw new Error(`payment ${payment.id} has no Stripe PaymentIntent`);
  return payment.paymentIntentId;
}

/** The intent's status when Stripe refused the call because of it, else null. */
function unexpectedIntentStatus(error: unknown): string | null {
  if (!(error instanceof Stripe.errors.StripeError) || error.code !== 'payment_intent_unexpected_state') return null;
  return error.payment_intent?.status ?? null;
}
