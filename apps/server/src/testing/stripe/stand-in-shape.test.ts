import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import enumsFile from './fixtures/stripe-enums.json' with { type: 'json' };
import fixturesFile from './fixtures/stripe-objects.json' with { type: 'json' };
import { STRIPE_SECRET_KEY } from './kit';
import { type StripeStandIn, startStripeStandIn } from './stand-in';

// Issue 37 acceptance, decision 0056: every object the stand-in returns, driven through the real SDK with
// the parameters Fanline sends, against Stripe's published example of its kind (fixtures/README.md):
// no key Stripe's example lacks, every key Fanline reads, and enum values within Stripe's.
type Obj = Record<string, unknown>;
const FIXTURES = fixturesFile.objects as Record<string, Obj>;
const ENUMS = enumsFile.enums as Record<string, string[]>;

/**
 * Keys Stripe documents (the pinned SDK's d.ts) that its one example of the kind happens not to show,
 * by where they sit: a Connect event's `account` (Events.d.ts); a failed refund's failure fields
 * (Refunds.d.ts); an uncaptured card charge's `capture_before` (Charges.d.ts); the session's
 * `allowed_payment_method_types`, newer than the fixtures' snapshot (API 2026-09-30, Checkout/Sessions.d.ts).
 */
const DOCUMENTED_EXTRA: Record<string, string[]> = {
  event: ['account'],
  refund: ['failure_reason', 'failure_balance_transaction'],
  'charge.payment_method_details.card': ['capture_before'],
  'checkout.session': ['allowed_payment_method_types'],
};

/** What Fanline reads of each kind (the stripe-standin review's table 1b, and the fee of decision 0056). */
const READ_BY_FANLINE: Record<string, string[]> = {
  'checkout.session': ['id', 'url', 'status', 'payment_status', 'payment_intent', 'metadata', 'client_reference_id'],
  payment_intent: ['id', 'status', 'amount', 'currency', 'latest_charge', 'metadata'],
  charge: ['id', 'balance_transaction', 'payment_method_details'],
  refund: ['id', 'status'],
  transfer: ['id', 'amount', 'amount_reversed', 'metadata'],
  transfer_reversal: ['id'],
  account: ['id', 'details_submitted', 'payouts_enabled', 'settings'],
  payout: ['id', 'status', 'metadata', 'failure_code', 'failure_message'],
  balance: ['available', 'pending'],
  balance_transaction: ['id', 'fee', 'currency', 'status', 'available_on', 'type'],
  event: ['id', 'type', 'data', 'request'],
  // Decision 0054: disputeNewsOf and the Disputes screen.
  dispute: [
    'id',
    'payment_intent',
    'status',
    'reason',
    'amount',
    'currency',
    'evidence_details',
    'balance_transactions',
    'is_charge_refundable',
  ],
};

/** Nested objects whose keys are checked too, where Stripe's example shows them in full. */
const NESTED: Record<string, string[][]> = {
  charge: [['payment_method_details', 'card']],
  account: [['settings', 'payouts', 'schedule'], ['requirements']],
  balance: [
    ['available', '0'],
    ['pending', '0'],
  ],
  balance_transaction: [['fee_details', '0']],
  event: [['request']],
  dispute: [['evidence_details'], ['evidence']],
};

const at = (object: unknown, path: string[]) =>
  path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Obj)[key] : undefined), object);

/** What is wrong with one answer of a kind, as sentences (empty: shaped as Stripe's). */
function differences(kind: string, object: Obj): string[] {
  const fixture = FIXTURES[kind];
  if (!fixture) return [`no fixture for ${kind}`];
  const problems: string[] = [];
  const allowed = new Set([...Object.keys(fixture), ...(DOCUMENTED_EXTRA[kind] ?? [])]);
  for (const key of Object.keys(object)) if (!allowed.has(key)) problems.push(`${kind}.${key} is not Stripe's`);
  for (const key of READ_BY_FANLINE[kind] ?? []) if (!(key in object)) problems.push(`${kind}.${key} is missing`);
  for (const path of NESTED[kind] ?? []) {
    const ours = at(object, path);
    const theirs = at(fixture, path);
    if (!ours || typeof ours !== 'object' || !theirs || typeof theirs !== 'object') continue;
    const extra = DOCUMENTED_EXTRA[[kind, ...path].join('.')] ?? [];
    for (const key of Object.keys(ours)) {
      if (!(key in theirs) && !extra.includes(key)) problems.push(`${kind}.${path.join('.')}.${key} is not Stripe's`);
    }
  }
  for (const [name, values] of Object.entries(ENUMS)) {
    if (!name.startsWith(`${kind}.`)) continue;
    const path = name.slice(kind.length + 1).split('.');
    // fee_details.type: each entry's.
    const found = path[0] === 'fee_details' ? (object.fee_details as Obj[]).map((f) => f.type) : [at(object, path)];
    for (const value of found) {
      if (value !== null && value !== undefined && !values.includes(String(value))) {
        problems.push(`${name} is ${String(value)}, not one of Stripe's`);
      }
    }
  }
  return problems;
}

let standIn: StripeStandIn;
let stripe: Stripe;
/** Every answer and event of the run, by kind. */
const seen = new Map<string, Obj[]>();
const keep = (object: unknown) => {
  const o = object as Obj;
  seen.set(String(o.object), [...(seen.get(String(o.object)) ?? []), JSON.parse(JSON.stringify(o))]);
  // An event's object is an object of its kind, shaped as one.
  if (o.object === 'event') keep((o.data as Obj).object);
  return object;
};

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: STRIPE_SECRET_KEY });
  const url = new URL(standIn.url);
  stripe = new Stripe(STRIPE_SECRET_KEY, {
    host: url.hostname,
    port: url.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  standIn.setFundsDelay(0);
  const key = (name: string) => ({ idempotencyKey: `fanline:shape:${name}` });
  const metadata = { payment_id: 'pay_1', message_id: 'msg_1' };

  // A message paid by card and answered: Fanline's checkout, capture and refund.
  const session = keep(
    await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          { quantity: 1, price_data: { currency: 'usd', unit_amount: 10_000, product_data: { name: 'A message' } } },
        ],
        allowed_payment_method_types: ['card'],
        payment_intent_data: { capture_method: 'manual', metadata },
        metadata,
        client_reference_id: 'pay_1',
        success_url: 'http://127.0.0.1/paid?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://127.0.0.1/cancel',
        expires_at: Math.floor(Date.now() / 1000) + 31 * 60,
      },
      key('checkout'),
    ),
  ) as Stripe.Checkout.Session;
  keep(standIn.completeCheckout(session.id));
  const completed = keep(await stripe.checkout.sessions.retrieve(session.id)) as Stripe.Checkout.Session;
  const intentId = String(completed.payment_intent);
  const held = keep(await stripe.paymentIntents.retrieve(intentId)) as Stripe.PaymentIntent;
  keep(await stripe.charges.retrieve(String(held.latest_charge)));
  keep(await stripe.paymentIntents.capture(intentId, {}, key('capture')));
  const captured = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge.balance_transaction'] });
  const charge = captured.latest_charge as Stripe.Charge;
  keep(charge);
  keep(charge.balance_transaction);
  keep(await stripe.charges.retrieve(charge.id));

  // The creator's Connect account, a transfer from the charge, a payout, a reversal.
  const account = keep(
    await stripe.accounts.create(
      {
        type: 'express',
        capabilities: { transfers: { requested: true } },
        settings: { payouts: { schedule: { interval: 'manual' } } },
        metadata: { creator_id: 'creator_1' },
      },
      key('account'),
    ),
  ) as Stripe.Account;
  keep(standIn.finishOnboarding(account.id));
  keep(await stripe.accounts.retrieve(account.id));
  const transfer = keep(
    await stripe.transfers.create(
      {
        amount: 7_500,
        currency: 'usd',
        destination: account.id,
        source_transaction: charge.id,
        transfer_group: 'payout_1',
        metadata: { earning_id: 'earning_1', payout_id: 'payout_1' },
      },
      key('transfer'),
    ),
  ) as Stripe.Transfer;
  keep(await stripe.balance.retrieve({}, { stripeAccount: account.id }));
  keep(await stripe.balance.retrieve());
  const payout = keep(
    await stripe.payouts.create(
      {
        amount: 5_000,
        currency: 'usd',
        description: 'Fanline payout',
        metadata: { payout_id: 'payout_1', attempt: '1' },
      },
      { ...key('payout'), stripeAccount: account.id },
    ),
  ) as Stripe.Payout;
  keep(standIn.payoutInTransit(payout.id));
  keep(standIn.payPayout(payout.id));
  keep(await stripe.payouts.retrieve(payout.id, {}, { stripeAccount: account.id }));
  keep(
    await stripe.transfers.createReversal(
      transfer.id,
      { amount: 1_000, metadata: { earning_id: 'earning_1' } },
      key('reversal'),
    ),
  );
  keep(await stripe.transfers.retrieve(transfer.id));
  keep(standIn.reverseTransferInDashboard(transfer.id));

  const refund = keep(
    await stripe.refunds.create({ payment_intent: intentId, metadata: { payment_id: 'pay_1' } }, key('refund')),
  ) as Stripe.Refund;
  keep(await stripe.balanceTransactions.retrieve(String(refund.balance_transaction)));
  for (const event of standIn.failRefund(refund.id)) keep(event);
  keep(await stripe.refunds.retrieve(refund.id));

  // A chargeback (decision 0054): opened, answered with text evidence as Fanline sends it, won.
  const [opened, withdrawn] = standIn.disputeCharge(charge.id, { reason: 'fraudulent' });
  keep(opened);
  keep(withdrawn);
  const disputeId = String((opened.data.object as Stripe.Dispute).id);
  keep(await stripe.disputes.retrieve(disputeId));
  keep(
    await stripe.disputes.update(
      disputeId,
      { evidence: { uncategorized_text: 'The creator answered the question on 3 March.' }, submit: true },
      key('evidence'),
    ),
  );
  for (const event of standIn.closeDispute(disputeId, 'won')) keep(event);
  const won = keep(await stripe.disputes.retrieve(disputeId)) as Stripe.Dispute;
  for (const txn of won.balance_transactions) keep(txn);
  for (const list of [
    await stripe.balanceTransactions.list(),
    await stripe.balanceTransactions.list({}, { stripeAccount: account.id }),
  ]) {
    for (const txn of list.data) keep(txn);
  }
});
afterAll(async () => {
  await standIn?.close();
});

describe('the stand-in answers as Stripe does', () => {
  test.each(Object.keys(FIXTURES))('%s', (kind) => {
    const answers = seen.get(kind) ?? [];
    expect(answers.length, `the run produced no ${kind}`).toBeGreaterThan(0);
    expect(answers.flatMap((answer) => differences(kind, answer))).toEqual([]);
  });

  test('fields Fanline reads only in some states are there in those states', () => {
    const charges = seen.get('charge') ?? [];
    const card = (charge: Obj) => at(charge, ['payment_method_details', 'card']) as Obj;
    // A hold's deadline (decision 0050) while uncaptured, and none once captured.
    expect(charges.some((c) => c.captured === false && typeof card(c).capture_before === 'number')).toBe(true);
    expect(charges.filter((c) => c.captured === true).every((c) => !('capture_before' in card(c)))).toBe(true);
    // A failed refund's reason (decision 0050).
    expect((seen.get('refund') ?? []).some((r) => r.status === 'failed' && typeof r.failure_reason === 'string')).toBe(
      true,
    );
  });

  test('the comparison catches what it is for', () => {
    const charge = { ...(seen.get('charge')?.[0] ?? {}) };
    delete charge.balance_transaction;
    expect(differences('charge', { ...charge, amount_refunded_total: 1 })).toEqual([
      "charge.amount_refunded_total is not Stripe's",
      'charge.balance_transaction is missing',
    ]);
    expect(differences('payout', { ...(seen.get('payout')?.[0] ?? {}), status: 'sent' })).toEqual([
      "payout.status is sent, not one of Stripe's",
    ]);
  });
});
