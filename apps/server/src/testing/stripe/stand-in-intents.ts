import { randomBytes } from 'node:crypto';
import { int, mustFind, oneOf, onlyKnown, paramError, StripeApiError, str } from './stand-in-checks';
import { chargeTransaction, refundTransaction } from './stand-in-fees';
import type { StandInRoute } from './stand-in-server';

type Obj = Record<string, unknown>;

/** What the intent routes share with the stand-in's controls: its objects, its clock, and how new refunds end. */
export interface IntentState {
  intents: Map<string, Obj>;
  refunds: Map<string, Obj>;
  charges: Map<string, Obj>;
  /** The stand-in's clock in seconds (a test moves it with the app's clock). */
  nowS: () => number;
  /** How a new refund is answered: `succeeded` at once, or `pending` until settled or failed (decision 0050). */
  refundStatus: 'succeeded' | 'pending';
  /** Each captured charge's `available_on` (unix s): when its funds leave the pending balance (decision 0052). */
  fundsOn: Map<string, number>;
  /** How long a captured charge's funds stay pending: Stripe's US standard is 2 days, a new account's 7 or more. */
  funds: { delaySeconds: number };
  /** Balance transactions, the platform's and connected accounts' (stand-in-fees.ts): a captured charge's and a refund's. */
  ledger: Map<string, Obj>;
}

/** Stripe's standard settlement delay for US card payments (2 days); set per test with setFundsDelay. */
export const FUNDS_DELAY_SECONDS = 2 * 24 * 3600;

/** Stripe: an uncaptured card payment is canceled 7 days after it was authorized (PaymentIntents.d.ts). */
export const HOLD_SECONDS = 7 * 24 * 3600;

/** A charge shaped like fixture `charge` (the fields Fanline reads, and their neighbours). */
export function newCharge(state: IntentState, intent: Obj, captured: boolean): Obj {
  const created = state.nowS();
  const charge: Obj = {
    id: `ch_${randomBytes(12).toString('hex')}`,
    object: 'charge',
    amount: intent.amount,
    amount_captured: captured ? intent.amount : 0,
    amount_refunded: 0,
    balance_transaction: null,
    captured,
    created,
    currency: intent.currency,
    disputed: false,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: intent.metadata ?? {},
    paid: true,
    payment_intent: intent.id,
    payment_method_details: {
      type: 'card',
      card: {
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2034,
        // Only an uncaptured charge has a deadline to be captured by (Charges.d.ts: optional, never null).
        ...(!captured && { capture_before: created + HOLD_SECONDS }),
      },
    },
    refunded: false,
    status: 'succeeded',
  };
  state.charges.set(charge.id as string, charge);
  if (captured) chargeCaptured(state, charge, intent.amount as number);
  return charge;
}

/** The charge's money is taken: its balance transaction (Stripe's fee out of it), pending for the funds delay. */
function chargeCaptured(state: IntentState, charge: Obj, amount: number): void {
  const now = state.nowS();
  const availableOn = now + state.funds.delaySeconds;
  state.fundsOn.set(charge.id as string, availableOn);
  charge.balance_transaction = chargeTransaction(state.ledger, charge, amount, now, availableOn).id;
}

/** The hold's deadline: the intent's charge's capture_before, or null. */
export function captureBeforeOf(state: IntentState, intent: Obj): number | null {
  const charge = state.charges.get(String(intent.latest_charge));
  const card = (charge?.payment_method_details as { card?: { capture_before?: number | null } } | undefined)?.card;
  return card?.capture_before ?? null;
}

// Refused because of the intent's status: Stripe names the status and includes the intent. The
// outcome is stored under the idempotency key, so a retry gets the same answer.
const unexpectedState = (intent: Obj, action: string, allowed: string[]) =>
  new StripeApiError(
    400,
    {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `This PaymentIntent could not be ${action} because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be ${action}: ${allowed.join(', ')}.`,
      payment_intent: structuredClone(intent),
    },
    true,
  );

const stateError = (message: string, code?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(code && { code }) }, true);

/** Capture, cancel and refund of PaymentIntents, with the status rules of Stripe's API reference. */
export function intentRoutes(state: IntentState): StandInRoute[] {
  const { intents, refunds, charges } = state;
  const nowS = state.nowS;
  return [
    ['GET', /^\/v1\/payment_intents\/([\w-]+)$/, (_form, m) => mustFind(intents, m[1] ?? '', 'payment_intent')],
    ['GET', /^\/v1\/charges\/([\w-]+)$/, (_form, m) => mustFind(charges, m[1] ?? '', 'charge')],
    ['GET', /^\/v1\/refunds\/([\w-]+)$/, (_form, m) => mustFind(refunds, m[1] ?? '', 'refund')],
    [
      'POST',
      /^\/v1\/payment_intents\/([\w-]+)\/capture$/,
      (form, m) => {
        onlyKnown(form, ['amount_to_capture', 'metadata', 'expand']);
        const intent = mustFind(intents, m[1] ?? '', 'payment_intent');
        if (intent.status !== 'requires_capture') throw unexpectedState(intent, 'captured', ['requires_capture']);
        const deadline = captureBeforeOf(state, intent);
        if (deadline !== null && nowS() > deadline) {
          // Past capture_before the card network has dropped the hold: Stripe cancels the intent.
          Object.assign(intent, {
            status: 'canceled',
            amount_capturable: 0,
            canceled_at: nowS(),
            cancellation_reason: 'automatic',
          });
          throw stateError(
            'This charge has expired for capture and can no longer be captured.',
            'charge_expired_for_capture',
          );
        }
        const capturable = intent.amount_capturable as number;
        const amount = int(form, 'amount_to_capture') ?? capturable;
        if (amount < 1 || amount > capturable) throw paramError('Invalid amount_to_capture', 'amount_to_capture');
        Object.assign(intent, {
          status: 'succeeded',
          amount_received: amount,
          amount_capturable: 0,
          latest_charge: intent.latest_charge ?? `ch_${randomBytes(12).toString('hex')}`,
        });
        const charge = charges.get(String(intent.latest_charge));
        if (charge) {
          const card = (charge.payment_method_details as { card: Obj }).card;
          delete card.capture_before;
          Object.assign(charge, { captured: true, amount_captured: amount });
          chargeCaptured(state, charge, amount);
        }
        return intent;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/([\w-]+)\/cancel$/,
      (form, m) => {
        onlyKnown(form, ['cancellation_reason', 'expand']);
        const reasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const;
        const reason = oneOf(str(form, 'cancellation_reason'), reasons, 'cancellation_reason');
        const intent = mustFind(intents, m[1] ?? '', 'payment_intent');
        // Stripe: a Checkout Session's intent can be canceled directly only while it awaits capture.
        if (intent.status !== 'requires_capture') throw unexpectedState(intent, 'canceled', ['requires_capture']);
        Object.assign(intent, {
          status: 'canceled',
          amount_capturable: 0,
          canceled_at: nowS(),
          cancellation_reason: reason ?? null,
        });
        return intent;
      },
    ],
    [
      'POST',
      /^\/v1\/refunds$/,
      (form) => {
        onlyKnown(form, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
        const intentId = str(form, 'payment_intent');
        if (!intentId) throw paramError('You must pass either charge or payment_intent.');
        oneOf(str(form, 'reason'), ['duplicate', 'fraudulent', 'requested_by_customer'], 'reason');
        const intent = mustFind(intents, intentId, 'payment_intent');
        if (intent.status !== 'succeeded')
          throw stateError(`PaymentIntent ${intentId} has no successful charge to refund.`);
        // A charged-back charge cannot be refunded: the bank already took the money back (Stripe: charge_disputed).
        if (charges.get(String(intent.latest_charge))?.disputed)
          throw stateError(
            `Charge ${intent.latest_charge} has been charged back; cannot issue a refund.`,
            'charge_disputed',
          );
        const received = intent.amount_received as number;
        const refunded = (intent.amount_refunded as number | undefined) ?? 0;
        if (refunded >= received) throw stateError('Charge has already been refunded.', 'charge_already_refunded');
        const amount = int(form, 'amount') ?? received - refunded;
        if (amount < 1 || amount > received - refunded)
          throw paramError('Refund amount exceeds what is left', 'amount');
        intent.amount_refunded = refunded + amount;
        const charge = charges.get(String(intent.latest_charge));
        if (charge)
          Object.assign(charge, {
            amount_refunded: intent.amount_refunded,
            refunded: intent.amount_refunded === received,
          });
        // Shaped like fixture `refund`; `failure_reason` appears only once it failed (refunds.fail in stand-in.ts).
        const refund: Obj = {
          id: `re_${randomBytes(12).toString('hex')}`,
          object: 'refund',
          amount,
          balance_transaction: null,
          charge: intent.latest_charge ?? null,
          created: nowS(),
          currency: intent.currency,
          destination_details: { type: 'card', card: { type: 'refund', reference_status: 'pending' } },
          metadata: form.metadata ?? {},
          payment_intent: intentId,
          reason: str(form, 'reason') ?? null,
          receipt_number: null,
          source_transfer_reversal: null,
          status: state.refundStatus,
          transfer_reversal: null,
        };
        // Money out at once for a refund that succeeded; a pending one's comes when it settles.
        if (refund.status === 'succeeded')
          refund.balance_transaction = refundTransaction(state.ledger, refund, nowS()).id;
        refunds.set(refund.id as string, refund);
        return refund;
      },
    ],
  ];
}
