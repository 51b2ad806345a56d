import { randomBytes } from 'node:crypto';
import { type Form, metadata, mustFind, obj, oneOf, onlyKnown, StripeApiError, str } from './stand-in-checks';
import { page } from './stand-in-page';
import type { StandInRoute } from './stand-in-server';

type Obj = Record<string, unknown>;

/** Stripe's dispute fee in the US ($15), withdrawn with the disputed amount and not given back when won. */
export const DISPUTE_FEE = 1500;

/** How long the platform has to answer a chargeback before the card network rules against it (Stripe: 7–21 days). */
export const EVIDENCE_DAYS = 7;

/** The text fields of Stripe's `dispute.evidence` (Disputes.d.ts, fixture `dispute`); files are ids, also strings. */
export const EVIDENCE_FIELDS = [
  'access_activity_log',
  'billing_address',
  'cancellation_policy',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'customer_communication',
  'customer_email_address',
  'customer_name',
  'customer_purchase_ip',
  'customer_signature',
  'duplicate_charge_documentation',
  'duplicate_charge_explanation',
  'duplicate_charge_id',
  'product_description',
  'receipt',
  'refund_policy',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'service_date',
  'service_documentation',
  'shipping_address',
  'shipping_carrier',
  'shipping_date',
  'shipping_documentation',
  'shipping_tracking_number',
  'uncategorized_file',
  'uncategorized_text',
] as const;

export const DISPUTE_REASONS = [
  'bank_cannot_process',
  'check_returned',
  'credit_not_processed',
  'customer_initiated',
  'debit_not_authorized',
  'duplicate',
  'fraudulent',
  'general',
  'incorrect_account_details',
  'insufficient_funds',
  'product_not_received',
  'product_unacceptable',
  'subscription_canceled',
  'unrecognized',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

/** What a test can check was sent: each POST /v1/disputes/:id, in order. */
export interface EvidenceSubmission {
  disputeId: string;
  evidence: Record<string, string>;
  submit: boolean;
  idempotencyKey: string | null;
}

export interface DisputeState {
  disputes: Map<string, Obj>;
  submissions: EvidenceSubmission[];
  charges: Map<string, Obj>;
  /** The platform's available balance, which a chargeback debits (amount and fee) and a won one credits. */
  platformBalance: { available: number };
  nowS: () => number;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const stateError = (message: string) => new StripeApiError(400, { type: 'invalid_request_error', message }, true);

/** A balance transaction on the platform's balance, as a dispute lists them (fixture `balance_transaction`). */
function disputeTransaction(state: DisputeState, dispute: Obj, amount: number, fee: number): Obj {
  const now = state.nowS();
  return {
    id: newId('txn'),
    object: 'balance_transaction',
    amount,
    available_on: now,
    created: now,
    currency: dispute.currency,
    description:
      amount < 0 ? `Chargeback withdrawal for ${dispute.charge}` : `Chargeback reversal for ${dispute.charge}`,
    exchange_rate: null,
    fee,
    fee_details: fee
      ? [{ amount: fee, currency: dispute.currency, description: 'Dispute fee', type: 'stripe_fee' }]
      : [],
    net: amount - fee,
    reporting_category: amount < 0 ? 'dispute' : 'dispute_reversal',
    source: dispute.id,
    status: 'available',
    type: 'adjustment',
  };
}

/**
 * The card's bank opens a chargeback on a captured charge: a dispute shaped like fixture `dispute`,
 * `needs_response` until `evidence_details.due_by`, its amount and Stripe's fee withdrawn from the
 * platform's balance at once (a balance transaction on the dispute), the charge marked disputed.
 */
export function openDispute(state: DisputeState, chargeId: string, opts: { reason?: DisputeReason; amount?: number }) {
  const charge = mustFind(state.charges, chargeId, 'charge');
  if (!charge.captured) throw new Error(`charge ${chargeId} is not captured: nothing to dispute`);
  if (charge.disputed) throw new Error(`charge ${chargeId} is already disputed`);
  const amount = opts.amount ?? (charge.amount_captured as number) - (charge.amount_refunded as number);
  const now = state.nowS();
  const dispute: Obj = {
    id: newId('du'),
    object: 'dispute',
    amount,
    balance_transactions: [],
    charge: chargeId,
    created: now,
    currency: charge.currency,
    evidence: Object.fromEntries(EVIDENCE_FIELDS.map((field) => [field, null])),
    evidence_details: {
      due_by: now + EVIDENCE_DAYS * 86_400,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: charge.payment_intent ?? null,
    reason: opts.reason ?? 'fraudulent',
    status: 'needs_response',
  };
  (dispute.balance_transactions as Obj[]).push(disputeTransaction(state, dispute, -amount, DISPUTE_FEE));
  state.platformBalance.available -= amount + DISPUTE_FEE;
  charge.disputed = true;
  state.disputes.set(dispute.id as string, dispute);
  return dispute;
}

/** The bank rules: won gives the amount back to the platform (a second balance transaction; the fee stays spent), lost keeps it. */
export function closeDispute(state: DisputeState, disputeId: string, outcome: 'won' | 'lost') {
  const dispute = mustFind(state.disputes, disputeId, 'dispute');
  if (dispute.status === 'won' || dispute.status === 'lost')
    throw new Error(`dispute ${disputeId} is ${dispute.status}`);
  dispute.status = outcome;
  if (outcome === 'won') {
    (dispute.balance_transactions as Obj[]).push(disputeTransaction(state, dispute, dispute.amount as number, 0));
    state.platformBalance.available += dispute.amount as number;
  }
  return dispute;
}

/** The deadline passes by the stand-in's clock: past_due is set (the bank will rule without our answer). */
export function markPastDue(state: DisputeState, dispute: Obj): Obj {
  const details = dispute.evidence_details as { due_by: number | null; past_due: boolean };
  if (dispute.status === 'needs_response' && details.due_by !== null && state.nowS() > details.due_by) {
    details.past_due = true;
  }
  return dispute;
}

function evidenceOf(form: Form): Record<string, string> {
  const given = obj(form, 'evidence') ?? {};
  onlyKnown(given, [...EVIDENCE_FIELDS], 'evidence[');
  const out: Record<string, string> = {};
  for (const field of Object.keys(given)) {
    const value = str(given, field, 'evidence[') ?? '';
    if (value.length > 20_000) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'The combined character count of all text fields must be 150,000 or fewer.',
        param: `evidence[${field}]`,
      });
    }
    out[field] = value;
  }
  return out;
}

/** GET /v1/disputes/:id, GET /v1/disputes, POST /v1/disputes/:id (evidence, submit), as Stripe's API reference has them. */
export function disputeRoutes(state: DisputeState): StandInRoute[] {
  const find = (id: string) => markPastDue(state, mustFind(state.disputes, id, 'dispute'));
  return [
    ['GET', /^\/v1\/disputes\/([\w-]+)$/, (_form, m) => find(m[1] ?? '')],
    [
      'GET',
      /^\/v1\/disputes$/,
      (form) => {
        onlyKnown(form, ['limit', 'starting_after', 'created', 'charge', 'payment_intent', 'expand']);
        const charge = str(form, 'charge');
        const intent = str(form, 'payment_intent');
        const list = [...state.disputes.values()].filter(
          (d) => (!charge || d.charge === charge) && (!intent || d.payment_intent === intent),
        );
        return page(
          list.map((d) => markPastDue(state, d)),
          form,
          '/v1/disputes',
        );
      },
    ],
    [
      'POST',
      /^\/v1\/disputes\/([\w-]+)$/,
      (form, m, headers) => {
        onlyKnown(form, ['evidence', 'metadata', 'submit', 'expand']);
        const dispute = find(m[1] ?? '');
        const submit = oneOf(str(form, 'submit'), ['true', 'false'], 'submit') === 'true';
        const evidence = evidenceOf(form);
        if (dispute.status === 'won' || dispute.status === 'lost') {
          throw stateError(`This dispute is already closed (${dispute.status}); it can no longer be updated.`);
        }
        if (dispute.status === 'under_review') {
          throw stateError('This dispute is already under review; evidence can no longer be changed.');
        }
        const details = dispute.evidence_details as Obj;
        if (details.past_due) throw stateError('The deadline to respond to this dispute has passed.');
        const key = headers['idempotency-key'];
        state.submissions.push({
          disputeId: dispute.id as string,
          evidence,
          submit,
          idempotencyKey: typeof key === 'string' ? key : null,
        });
        Object.assign(dispute.evidence as Obj, evidence);
        if (form.metadata !== undefined)
          dispute.metadata = { ...(dispute.metadata as Obj), ...metadata(form, 'metadata') };
        const has = Object.values(dispute.evidence as Obj).some((v) => v !== null && v !== '');
        Object.assign(details, { has_evidence: has });
        if (submit) {
          Object.assign(details, { submission_count: (details.submission_count as number) + 1 });
          dispute.status = 'under_review';
        }
        return dispute;
      },
    ],
  ];
}
