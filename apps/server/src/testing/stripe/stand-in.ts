import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { mustFind } from './stand-in-checks';
import {
  type ConnectState,
  connectRoutes,
  finishOnboarding,
  restrictAccount,
  reverse,
  settlePayout,
} from './stand-in-connect';
import { intentRoutes } from './stand-in-intents';
import { listenStripeStandIn, type StandInFaults, type StripeRecordedRequest } from './stand-in-server';
import { checkSessionCreate, type SessionRequest } from './stand-in-session';

export type { StandInFaults, StripeRecordedRequest };

type Obj = Record<string, unknown>;
interface SessionState {
  object: Obj;
  request: SessionRequest;
}

export interface StripeStandIn {
  /** Base URL: use it as STRIPE_API_URL. */
  url: string;
  requests: StripeRecordedRequest[];
  sessions: Map<string, SessionState>;
  intents: Map<string, Obj>;
  refunds: Map<string, Obj>;
  /** Connect: accounts, account links and transfers, and the platform balance transfers draw on. */
  connect: ConnectState;
  /** The creator completes Stripe's onboarding. Returns account.updated (a Connect event: it carries `account`). */
  finishOnboarding(accountId: string): Stripe.Event;
  /** Stripe pauses the account's payouts pending more information. Returns account.updated. */
  restrictAccount(accountId: string): Stripe.Event;
  /** The bank received the payout. Returns payout.paid (a Connect event). */
  payPayout(payoutId: string): Stripe.Event;
  /** The bank refused (or returned) the payout; its money goes back to the account's balance. Returns payout.failed. */
  failPayout(payoutId: string, failure?: { code: string; message: string }): Stripe.Event;
  /** The platform reverses a transfer in Stripe's dashboard. Returns transfer.reversed (a platform event). */
  reverseTransferInDashboard(transferId: string): Stripe.Event;
  /** The customer pays: a hold (manual capture) or a charge. Returns checkout.session.completed. */
  completeCheckout(sessionId: string): Stripe.Event;
  /** The session times out unpaid. Returns checkout.session.expired. */
  expireCheckout(sessionId: string): Stripe.Event;
  /** The card is declined; the session stays open for another card. Returns payment_intent.payment_failed. */
  declineCard(sessionId: string): Stripe.Event;
  /** The card network drops an uncaptured hold (7 days for cards). Returns payment_intent.canceled. */
  lapseAuthorization(intentId: string): Stripe.Event;
  /** Every API call answers with this status (a Stripe outage) until cleared with null. */
  setOutage(status: number | null): void;
  /** Some calls fail, hang or are slow (fault injection) until cleared with null. */
  setFaults(faults: StandInFaults | null): void;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowS = () => Math.floor(Date.now() / 1000);

/**
 * A local Stripe (ARCHITECTURE §2) for the endpoints Fanline calls, checked against Stripe's API
 * reference: auth, form-encoded bracketed parameters, idempotent replay, error shapes and status
 * rules. The test controls play the customer and the card network.
 */
export async function startStripeStandIn(options: { secretKey: string }): Promise<StripeStandIn> {
  const sessions = new Map<string, SessionState>();
  const intents = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const connect: ConnectState = {
    accounts: new Map(),
    accountLinks: [],
    loginLinks: [],
    transfers: new Map(),
    payouts: new Map(),
    balances: new Map(),
    platformBalance: { available: 100_000_000 },
  };

  const server = await listenStripeStandIn(options.secretKey, [
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (form) => {
        const request = checkSessionCreate(form, nowS());
        const id = newId('cs_test');
        const object: Obj = {
          id,
          object: 'checkout.session',
          mode: request.mode,
          status: 'open',
          payment_status: 'unpaid',
          // Since API 2022-08-01 the PaymentIntent exists only once the customer confirms.
          payment_intent: null,
          amount_subtotal: request.amountTotal,
          amount_total: request.amountTotal,
          currency: request.currency,
          client_reference_id: request.clientReferenceId,
          metadata: request.metadata,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          url: `${server.url}/c/pay/${id}`,
          expires_at: request.expiresAt,
          created: nowS(),
          livemode: false,
        };
        sessions.set(id, { object, request });
        return object;
      },
    ],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([\w-]+)$/,
      (_f, m) => mustFind(sessions, m[1] ?? '', 'checkout.session').object,
    ],
    ...intentRoutes(intents, refunds),
    ...connectRoutes(connect, intents, () => server.url),
  ]);

  const event = (type: string, object: Obj, account?: string) =>
    ({
      id: newId('evt'),
      ...(account && { account }),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowS(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    }) as unknown as Stripe.Event;

  const openSession = (sessionId: string) => {
    const state = mustFind(sessions, sessionId, 'checkout.session');
    if (state.object.status !== 'open') throw new Error(`session ${sessionId} is ${state.object.status}, not open`);
    return state;
  };
  /** The session's intent, created on the customer's first attempt to pay. */
  const intentOf = (state: SessionState): Obj => {
    const existing = intents.get(String(state.object.payment_intent));
    if (existing) return existing;
    const intent: Obj = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: state.request.amountTotal,
      amount_capturable: 0,
      amount_received: 0,
      capture_method: state.request.captureMethod,
      currency: state.request.currency,
      metadata: state.request.intentMetadata,
      status: 'requires_payment_method',
      canceled_at: null,
      cancellation_reason: null,
      last_payment_error: null,
      created: nowS(),
      livemode: false,
    };
    intents.set(intent.id as string, intent);
    state.object.payment_intent = intent.id;
    return intent;
  };

  return {
    url: server.url,
    requests: server.requests,
    sessions,
    intents,
    refunds,
    connect,
    finishOnboarding(accountId) {
      return event('account.updated', finishOnboarding(connect, accountId), accountId);
    },
    restrictAccount(accountId) {
      return event('account.updated', restrictAccount(connect, accountId), accountId);
    },
    payPayout(payoutId) {
      const payout = settlePayout(connect, payoutId, { paid: true });
      const { account, ...object } = payout;
      return event('payout.paid', object, String(account));
    },
    failPayout(payoutId, failure = { code: 'account_closed', message: 'The bank account has been closed.' }) {
      const payout = settlePayout(connect, payoutId, { paid: false, ...failure });
      const { account, ...object } = payout;
      return event('payout.failed', object, String(account));
    },
    reverseTransferInDashboard(transferId) {
      reverse(connect, transferId, undefined);
      return event('transfer.reversed', mustFind(connect.transfers, transferId, 'transfer'));
    },
    completeCheckout(sessionId) {
      const state = openSession(sessionId);
      const amount = state.request.amountTotal;
      const manual = state.request.captureMethod === 'manual';
      Object.assign(
        intentOf(state),
        manual
          ? {
              status: 'requires_capture',
              amount_capturable: amount,
              last_payment_error: null,
              latest_charge: newId('ch'),
            }
          : { status: 'succeeded', amount_received: amount, last_payment_error: null, latest_charge: newId('ch') },
      );
      // Our handler reads the intent, never payment_status; a hold is not yet money received.
      Object.assign(state.object, { status: 'complete', payment_status: manual ? 'unpaid' : 'paid' });
      return event('checkout.session.completed', state.object);
    },
    expireCheckout(sessionId) {
      const state = openSession(sessionId);
      Object.assign(state.object, { status: 'expired', url: null });
      const intent = intents.get(String(state.object.payment_intent));
      if (intent) Object.assign(intent, { status: 'canceled', canceled_at: nowS(), cancellation_reason: 'abandoned' });
      return event('checkout.session.expired', state.object);
    },
    declineCard(sessionId) {
      const intent = intentOf(openSession(sessionId));
      const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
      return event('payment_intent.payment_failed', intent);
    },
    lapseAuthorization(intentId) {
      const intent = mustFind(intents, intentId, 'payment_intent');
      if (intent.status !== 'requires_capture') throw new Error(`intent ${intentId} is ${intent.status}`);
      const lapsed = {
        status: 'canceled',
        amount_capturable: 0,
        canceled_at: nowS(),
        cancellation_reason: 'automatic',
      };
      Object.assign(intent, lapsed);
      return event('payment_intent.canceled', intent);
    },
    setOutage: server.setOutage,
    setFaults: server.setFaults,
    close: server.close,
  };
}

/** Signs an event as Stripe does, with the SDK's own test helper: the body and headers to POST. */
export function signStripeEvent(event: object, secret: string) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}
