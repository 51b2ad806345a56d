import { randomBytes } from 'node:crypto';
import { int, mustFind, oneOf, onlyKnown, paramError, StripeApiError, str } from './stand-in-checks';
import type { StandInRoute } from './stand-in-server';

type Obj = Record<string, unknown>;
const nowS = () => Math.floor(Date.now() / 1000);

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
export function intentRoutes(intents: Map<string, Obj>, refunds: Map<string, Obj>): StandInRoute[] {
  return [
    ['GET', /^\/v1\/payment_intents\/([\w-]+)$/, (_form, m) => mustFind(intents, m[1] ?? '', 'payment_intent')],
    [
      'POST',
      /^\/v1\/payment_intents\/([\w-]+)\/capture$/,
      (form, m) => {
        onlyKnown(form, ['amount_to_capture', 'metadata', 'expand']);
        const intent = mustFind(intents, m[1] ?? '', 'payment_intent');
        if (intent.status !== 'requires_capture') throw unexpectedState(intent, 'captured', ['requires_capture']);
        const capturable = intent.amount_capturable as number;
        const amount = int(form, 'amount_to_capture') ?? capturable;
        if (amount < 1 || amount > capturable) throw paramError('Invalid amount_to_capture', 'amount_to_capture');
        Object.assign(intent, {
          status: 'succeeded',
          amount_received: amount,
          amount_capturable: 0,
          latest_charge: intent.latest_charge ?? `ch_${randomBytes(12).toString('hex')}`,
        });
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
        const received = intent.amount_received as number;
        const refunded = (intent.amount_refunded as number | undefined) ?? 0;
        if (refunded >= received) throw stateError('Charge has already been refunded.', 'charge_already_refunded');
        const amount = int(form, 'amount') ?? received - refunded;
        if (amount < 1 || amount > received - refunded)
          throw paramError('Refund amount exceeds what is left', 'amount');
        intent.amount_refunded = refunded + amount;
        const refund: Obj = {
          id: `re_${randomBytes(12).toString('hex')}`,
          object: 'refund',
          amount,
          currency: intent.currency,
          payment_intent: intentId,
          status: 'succeeded',
          reason: str(form, 'reason') ?? null,
          metadata: form.metadata ?? {},
          created: nowS(),
        };
        refunds.set(refund.id as string, refund);
        return refund;
      },
    ],
  ];
}
