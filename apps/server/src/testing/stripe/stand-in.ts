import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { balanceRoutes, pendingOf, settleFunds } from './stand-in-balance';
import { mustFind } from './stand-in-checks';
import { connectRoutes, finishOnboarding, restrictAccount, reverse, settlePayout } from './stand-in-connect';
import type { ConnectState } from './stand-in-connect-state';
import {
  closeDispute,
  type DisputeReason,
  type DisputeState,
  disputeRoutes,
  type EvidenceSubmission,
  openDispute,
} from './stand-in-disputes';
import { echoObserver } from './stand-in-echoes';
import { previousAttributes, stripeEvent } from './stand-in-events';
import { expandAnswer } from './stand-in-expand';
import { balanceTransactionRoutes, refundFailureTransaction, refundTransaction } from './stand-in-fees';
import { captureBeforeOf, FUNDS_DELAY_SECONDS, type IntentState, intentRoutes, newCharge } from './stand-in-intents';
import { cancelPayout, payoutInTransit } from './stand-in-payouts';
import { listenStripeStandIn, type StandInFaults, type StripeRecordedRequest } from './stand-in-server';
import { checkSessionCreate, DELAYED_METHODS, offeredMethodTypes, type SessionRequest } from './stand-in-session';

export type { EvidenceSubmission, StandInFaults, StripeRecordedRequest };

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
  /** Charges, one per paid intent (`latest_charge`), with the card's `capture_before` while uncaptured. */
  charges: Map<string, Obj>;
  /** Connect: accounts, account links and transfers, and the platform balance transfers draw on. */
  connect: ConnectState;
  /** Chargebacks on charges (stand-in-disputes.ts), and every evidence update we sent, in order. */
  disputes: Map<string, Obj>;
  disputeSubmissions: EvidenceSubmission[];
  /**
   * The card's bank disputes a captured charge: `needs_response`, its amount and Stripe's $15 fee
   * withdrawn from the platform balance, the charge `disputed` (a refund of it is refused,
   * `charge_disputed`). Returns charge.dispute.created and charge.dispute.funds_withdrawn, as Stripe sends both.
   */
  disputeCharge(chargeId: string, opts?: { reason?: DisputeReason; amount?: number }): [Stripe.Event, Stripe.Event];
  /** Stripe's echo of an update we made (evidence saved or submitted): charge.dispute.updated with the dispute as it is. */
  disputeUpdated(disputeId: string): Stripe.Event;
  /**
   * The bank rules. Won: the amount back on the platform balance (the fee is not); returns
   * charge.dispute.closed and charge.dispute.funds_reinstated. Lost: the fan keeps it; returns charge.dispute.closed.
   */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): Stripe.Event[];
  /**
   * The events Stripe sends after our own calls (stand-in-echoes.ts), oldest first, each naming its
   * call's request id and idempotency key; takeEchoes() empties the list and returns them.
   */
  echoes: Stripe.Event[];
  takeEchoes(): Stripe.Event[];
  /**
   * The creator completes Stripe's onboarding. Returns account.updated (a Connect event: it carries
   * `account`), with previous_attributes, as restrictAccount's.
   */
  finishOnboarding(accountId: string): Stripe.Event;
  /** Stripe pauses the account's payouts pending more information. Returns account.updated. */
  restrictAccount(accountId: string): Stripe.Event;
  /** The bank received the payout. Returns payout.paid (a Connect event). */
  payPayout(payoutId: string): Stripe.Event;
  /** The bank refused (or returned) the payout; its money goes back to the account's balance. Returns payout.failed. */
  failPayout(payoutId: string, failure?: { code: string; message: string }): Stripe.Event;
  /** The bank took a pending payout on its way. Returns payout.updated with `previous_attributes: { status: 'pending' }`. */
  payoutInTransit(payoutId: string): Stripe.Event;
  /**
   * A pending payout is canceled (in the Express dashboard, say); its money goes back to the balance.
   * Returns payout.canceled and payout.updated (`previous_attributes: { status: 'pending' }`).
   */
  cancelPayout(payoutId: string): [Stripe.Event, Stripe.Event];
  /**
   * The platform reverses a transfer in Stripe's dashboard: what is left of it, or `amount` of it (a
   * partial reversal, which Stripe allows as many times as there is something left). Returns
   * transfer.reversed (a platform event; Stripe sends it for partial reversals too).
   */
  reverseTransferInDashboard(transferId: string, amount?: number): Stripe.Event;
  /** The customer pays: a hold (manual capture) or a charge. Returns checkout.session.completed. */
  completeCheckout(sessionId: string): Stripe.Event;
  /**
   * The customer pays with a delayed method (a bank debit, `method`): the session is `complete` but
   * `unpaid` and its intent `processing` until settleAsyncPayment. Refused for a session that does not
   * offer the method (its `payment_method_types`: not allowed, or manual capture). Returns
   * checkout.session.completed.
   */
  completeCheckoutAsync(sessionId: string, method?: string): Stripe.Event;
  /**
   * The delayed payment settles days later (`ok`) or the bank refuses it. Returns
   * checkout.session.async_payment_succeeded and payment_intent.succeeded, or
   * checkout.session.async_payment_failed and payment_intent.payment_failed, as Stripe sends both.
   */
  settleAsyncPayment(sessionId: string, ok: boolean): [Stripe.Event, Stripe.Event];
  /** The session times out unpaid. Returns checkout.session.expired. */
  expireCheckout(sessionId: string): Stripe.Event;
  /** The card is declined; the session stays open for another card. Returns payment_intent.payment_failed. */
  declineCard(sessionId: string): Stripe.Event;
  /** The card network drops an uncaptured hold (7 days for cards). Returns payment_intent.canceled. */
  lapseAuthorization(intentId: string): Stripe.Event;
  /**
   * Stripe's 7-day rule by the stand-in's clock: every hold past its charge's capture_before is
   * canceled. Returns their payment_intent.canceled events.
   */
  expireHolds(): Stripe.Event[];
  /** How refunds made from now on are answered: at once `succeeded` (the default), or `pending`. */
  setRefundStatus(status: 'succeeded' | 'pending'): void;
  /** A pending refund reaches the card. Returns refund.updated. */
  settleRefund(refundId: string): Stripe.Event;
  /**
   * The card network refuses a refund (a closed card, say), also after it succeeded: `failure_reason`
   * set and the money back on the platform. Returns refund.failed and charge.refund.updated, as Stripe sends both.
   */
  failRefund(refundId: string, reason?: string): [Stripe.Event, Stripe.Event];
  /** Every API call answers with this status (a Stripe outage) until cleared with null. */
  setOutage(status: number | null): void;
  /** Some calls fail, hang or are slow (fault injection) until cleared with null. */
  setFaults(faults: StandInFaults | null): void;
  /**
   * How long the funds of charges captured from now on stay pending (decision 0052): Stripe's US standard
   * is 2 days (the default); a new account's first payouts wait 7 days or more. Transfers funded by such a
   * charge are pending on the connected account until then; advanceClock (or the test's clock) makes them available.
   */
  setFundsDelay(seconds: number): void;
  /** A connected account's balance in cents as GET /v1/balance reports it (due funds made available first). */
  balanceOf(accountId: string): { available: number; pending: number };
  /**
   * Stripe's daily roll on a connected account: funds whose available_on has come (by the stand-in's
   * clock) become available. Returns balance.available (a Connect event carrying the balance).
   */
  fundsAvailable(accountId: string): Stripe.Event;
  /** Moves the stand-in's clock forward: idempotency keys older than 24 hours by it are pruned, as Stripe does. */
  advanceClock(ms: number): number;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * A local Stripe (ARCHITECTURE §2) for the endpoints Fanline calls, checked against Stripe's API
 * reference: auth, form-encoded bracketed parameters, idempotent replay, error shapes and status
 * rules. The test controls play the customer and the card network.
 */
export async function startStripeStandIn(options: {
  secretKey: string;
  /** The stand-in's clock in ms (default: the real one); a test passes the app's, so days pass for both. */
  now?: () => number;
}): Promise<StripeStandIn> {
  // One clock for everything the stand-in dates (charges' capture_before, idempotency keys' age):
  // the test's (or the real one), moved further by advanceClock.
  let offsetMs = 0;
  const nowMs = () => (options.now ?? Date.now)() + offsetMs;
  const nowS = () => Math.floor(nowMs() / 1000);
  const sessions = new Map<string, SessionState>();
  const intents = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const fundsOn = new Map<string, number>();
  const funds = { delaySeconds: FUNDS_DELAY_SECONDS };
  // Balance transactions: the platform's (a charge's, a refund's; stand-in-fees.ts) and connected accounts'.
  const ledger = new Map<string, Obj>();
  const echoes: Stripe.Event[] = [];
  const intentState: IntentState = {
    intents,
    refunds,
    charges,
    nowS,
    refundStatus: 'succeeded',
    fundsOn,
    funds,
    ledger,
  };
  const connect: ConnectState = {
    accounts: new Map(),
    accountLinks: [],
    loginLinks: [],
    transfers: new Map(),
    payouts: new Map(),
    balances: new Map(),
    platformBalance: { available: 100_000_000 },
    balanceTransactions: ledger,
    fundsOn,
    nowS,
  };
  const disputeState: DisputeState = {
    disputes: new Map(),
    submissions: [],
    charges,
    platformBalance: connect.platformBalance,
    nowS,
  };

  const server = await listenStripeStandIn(
    options.secretKey,
    [
      [
        'POST',
        /^\/v1\/checkout\/sessions$/,
        (form) => {
          // Fanline sets a session's expires_at from the real clock (provider.ts), so it is checked by it.
          const request = checkSessionCreate(form, Math.floor(Date.now() / 1000));
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
            allowed_payment_method_types: request.allowedMethodTypes,
            payment_method_types: offeredMethodTypes(request),
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
      ...intentRoutes(intentState),
      ...connectRoutes(connect, intents, () => server.url),
      ...balanceRoutes(connect),
      ...balanceTransactionRoutes(ledger, () => settleFunds(connect)),
      ...disputeRoutes(disputeState),
    ],
    nowMs,
    {
      expand: (answer, paths) =>
        expandAnswer(
          answer,
          paths,
          { pi: intents, ch: charges, re: refunds, txn: ledger, ...connect },
          (id) => sessions.get(id)?.object,
        ),
      observe: echoObserver({ charges, connect }, nowS, echoes),
    },
  );

  // `previous` is a *.updated event's previous_attributes: the changed fields' values before the change.
  const event = (type: string, object: Obj, account?: string, previous?: Obj) =>
    stripeEvent(type, object, nowS(), { ...(account && { account }), ...(previous && { previous }) });
  /** account.updated for a change made on Stripe's side, with what it changed. */
  const accountChange = (accountId: string, change: (state: ConnectState, id: string) => Obj) => {
    const before = structuredClone(mustFind(connect.accounts, accountId, 'account'));
    const after = change(connect, accountId);
    return event('account.updated', after, accountId, previousAttributes(before, after));
  };

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
    // What was refunded of it: the stand-in's bookkeeping, not a PaymentIntent field (fixture
    // payment_intent has none), so kept out of every answer and event (not enumerable).
    Object.defineProperty(intent, 'amount_refunded', { value: 0, writable: true, enumerable: false });
    intents.set(intent.id as string, intent);
    state.object.payment_intent = intent.id;
    return intent;
  };

  /** The card network drops an uncaptured hold: canceled, reason automatic. */
  const lapse = (intentId: string) => {
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
  };

  return {
    url: server.url,
    requests: server.requests,
    sessions,
    intents,
    refunds,
    charges,
    connect,
    echoes,
    takeEchoes: () => echoes.splice(0),
    finishOnboarding: (accountId) => accountChange(accountId, finishOnboarding),
    restrictAccount: (accountId) => accountChange(accountId, restrictAccount),
    disputes: disputeState.disputes,
    disputeSubmissions: disputeState.submissions,
    disputeCharge(chargeId, opts = {}) {
      const dispute = openDispute(disputeState, chargeId, opts);
      return [event('charge.dispute.created', dispute), event('charge.dispute.funds_withdrawn', dispute)];
    },
    disputeUpdated(disputeId) {
      return event('charge.dispute.updated', mustFind(disputeState.disputes, disputeId, 'dispute'));
    },
    closeDispute(disputeId, outcome) {
      const dispute = closeDispute(disputeState, disputeId, outcome);
      const closed = event('charge.dispute.closed', dispute);
      return outcome === 'won' ? [closed, event('charge.dispute.funds_reinstated', dispute)] : [closed];
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
    payoutInTransit(payoutId) {
      const { payout, previous } = payoutInTransit(connect, payoutId);
      const { account, ...object } = payout;
      return event('payout.updated', object, String(account), previous);
    },
    cancelPayout(payoutId) {
      const { payout, previous } = cancelPayout(connect, payoutId);
      const { account, ...object } = payout;
      return [
        event('payout.canceled', object, String(account)),
        event('payout.updated', object, String(account), previous),
      ];
    },
    reverseTransferInDashboard(transferId, amount) {
      reverse(connect, transferId, amount);
      return event('transfer.reversed', mustFind(connect.transfers, transferId, 'transfer'));
    },
    completeCheckout(sessionId) {
      const state = openSession(sessionId);
      const amount = state.request.amountTotal;
      const manual = state.request.captureMethod === 'manual';
      const intent = intentOf(state);
      const charge = newCharge(intentState, intent, !manual);
      Object.assign(
        intent,
        manual
          ? {
              status: 'requires_capture',
              amount_capturable: amount,
              last_payment_error: null,
              latest_charge: charge.id,
            }
          : { status: 'succeeded', amount_received: amount, last_payment_error: null, latest_charge: charge.id },
      );
      // Our handler reads the intent, never payment_status; a hold is not yet money received.
      Object.assign(state.object, { status: 'complete', payment_status: manual ? 'unpaid' : 'paid' });
      return event('checkout.session.completed', state.object);
    },
    completeCheckoutAsync(sessionId, method = 'us_bank_account') {
      const state = openSession(sessionId);
      if (!DELAYED_METHODS.includes(method)) throw new Error(`${method} is not a delayed payment method`);
      if (!(state.object.payment_method_types as string[]).includes(method)) {
        throw new Error(`session ${sessionId} does not offer ${method}`);
      }
      const intent = intentOf(state);
      const charge = newCharge(intentState, intent, true);
      // A debit on its way: the charge is pending, nothing is received yet (fixture charge, status pending).
      Object.assign(charge, {
        status: 'pending',
        paid: false,
        payment_method_details: { type: method, [method]: { bank_name: 'STRIPE TEST BANK', last4: '6789' } },
      });
      Object.assign(intent, { status: 'processing', last_payment_error: null, latest_charge: charge.id });
      Object.assign(state.object, { status: 'complete', payment_status: 'unpaid' });
      return event('checkout.session.completed', state.object);
    },
    settleAsyncPayment(sessionId, ok) {
      const state = mustFind(sessions, sessionId, 'checkout.session');
      const intent = mustFind(intents, String(state.object.payment_intent), 'payment_intent');
      if (intent.status !== 'processing') throw new Error(`intent ${intent.id} is ${intent.status}, not processing`);
      const charge = charges.get(String(intent.latest_charge));
      if (ok) {
        Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
        if (charge) Object.assign(charge, { status: 'succeeded', paid: true });
        Object.assign(state.object, { payment_status: 'paid' });
        return [
          event('checkout.session.async_payment_succeeded', state.object),
          event('payment_intent.succeeded', intent),
        ];
      }
      // The bank refused the debit: Stripe returns the intent to requires_payment_method; the session
      // stays complete and unpaid for good (a new payment needs a new session).
      const error = {
        type: 'invalid_request_error',
        code: 'insufficient_funds',
        message: 'The account has insufficient funds to cover this payment.',
      };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
      if (charge) {
        Object.assign(charge, {
          status: 'failed',
          paid: false,
          captured: false,
          amount_captured: 0,
          failure_code: 'insufficient_funds',
          failure_message: 'The account has insufficient funds to cover this payment.',
        });
      }
      return [
        event('checkout.session.async_payment_failed', state.object),
        event('payment_intent.payment_failed', intent),
      ];
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
    lapseAuthorization: (intentId) => lapse(intentId),
    expireHolds() {
      const due = [...intents.values()].filter((intent) => {
        const deadline = captureBeforeOf(intentState, intent);
        return intent.status === 'requires_capture' && deadline !== null && nowS() > deadline;
      });
      return due.map((intent) => lapse(String(intent.id)));
    },
    setRefundStatus(status) {
      intentState.refundStatus = status;
    },
    settleRefund(refundId) {
      const refund = mustFind(refunds, refundId, 'refund');
      if (refund.status !== 'pending') throw new Error(`refund ${refundId} is ${refund.status}, not pending`);
      Object.assign(refund, { status: 'succeeded', balance_transaction: refundTransaction(ledger, refund, nowS()).id });
      return event('refund.updated', refund);
    },
    failRefund(refundId, reason = 'expired_or_canceled_card') {
      const refund = mustFind(refunds, refundId, 'refund');
      if (refund.status === 'failed') throw new Error(`refund ${refundId} already failed`);
      const back = refundFailureTransaction(ledger, refund, nowS());
      Object.assign(refund, { status: 'failed', failure_reason: reason, failure_balance_transaction: back.id });
      // The money is back on the platform: the intent and charge no longer count it as refunded.
      const intent = intents.get(String(refund.payment_intent));
      if (intent)
        intent.amount_refunded = Math.max(0, ((intent.amount_refunded as number) ?? 0) - (refund.amount as number));
      const charge = charges.get(String(refund.charge));
      if (charge) Object.assign(charge, { amount_refunded: intent?.amount_refunded ?? 0, refunded: false });
      return [event('refund.failed', refund), event('charge.refund.updated', refund)];
    },
    setFundsDelay(seconds) {
      funds.delaySeconds = seconds;
    },
    balanceOf(accountId) {
      const pending = pendingOf(connect, accountId);
      return { available: connect.balances.get(accountId) ?? 0, pending };
    },
    fundsAvailable(accountId) {
      const pending = pendingOf(connect, accountId);
      const amounts = (amount: number) => [{ amount, currency: 'usd', source_types: { card: amount } }];
      const balance = {
        object: 'balance',
        available: amounts(connect.balances.get(accountId) ?? 0),
        pending: amounts(pending),
        livemode: false,
      };
      return event('balance.available', balance, accountId);
    },
    setOutage: server.setOutage,
    setFaults: server.setFaults,
    advanceClock: (ms) => {
      offsetMs += ms;
      return offsetMs;
    },
    close: server.close,
  };
}

/** Signs an event as Stripe does, with the SDK's own test helper: the body and headers to POST. */
export function signStripeEvent(event: object, secret: string) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}
