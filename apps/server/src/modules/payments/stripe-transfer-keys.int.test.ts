import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import { earnings, ledgerEntries, payments, payouts } from '../../db/schema';
import { createAdmin, passFlagWindow, setPlatformSetting, unbalancedTransactions } from '../../testing';
import {
  answeredStripeMessage,
  deliver,
  deliverConnect,
  onboardedStripeCreator,
  STRIPE_SECRET_KEY,
} from '../../testing/stripe/kit';
import { useStripeTestApp } from '../../testing/stripe/use-stripe-test-app';
import { finishPayout } from '../ledger';
import { refundCapturedPayment } from './release-payment';

// Decision 0049 (issue 37, gaps 4 and 5): transfers as real Stripe keeps them. A transfer partly
// reversed in the dashboard, then refunded: only the rest is reversed. Idempotency keys compared with
// their parameters, pruned after 24 hours, and 500s stored and replayed: an earning refused in one
// payout goes in the next, a key reused with other parameters fails the payout and alerts, and a
// transfer or payout whose answer was lost is found rather than made twice.

const { t, standIn, db } = useStripeTestApp();
const HOUR = 3_600_000;

const api = (method: 'GET' | 'POST', url: string, cookie: string) => t.app.inject({ method, url, headers: { cookie } });

/** Delivers an event twice, as Stripe may; the books balance after each. */
async function twice(send: () => Promise<{ statusCode: number }>) {
  for (const _ of [1, 2]) {
    expect((await send()).statusCode).toBe(200);
    expect(await unbalancedTransactions(db())).toBe(0);
  }
}

const onboardedCreator = () => onboardedStripeCreator(t.app, db(), standIn);

/** Two $100 messages paid through Stripe Checkout and answered: two $75 shares, payable. */
async function earnTwice(people: Awaited<ReturnType<typeof onboardedCreator>>) {
  const messageIds: string[] = [];
  for (const _ of [1, 2]) messageIds.push((await answeredStripeMessage(t.app, db(), standIn, people)).messageId);
  await passFlagWindow(t.app, t.clock);
  expect(await unbalancedTransactions(db())).toBe(0);
  return messageIds;
}

async function requestPayout(cookie: string) {
  const response = await api('POST', '/api/creator/payouts', cookie);
  expect(response.statusCode, response.body).toBe(201);
  expect(await unbalancedTransactions(db())).toBe(0);
  return response.json() as { id: string; status: string };
}

const payoutRow = async (id: string) => (await db().select().from(payouts).where(eq(payouts.id, id)))[0];
/** The payout's earnings in the order the payout transfers them (finish-payout.ts). */
const earningsOf = (payoutId: string) =>
  db().select().from(earnings).where(eq(earnings.payoutId, payoutId)).orderBy(earnings.createdAt, earnings.id);
const transfersFor = (earningId: string) =>
  [...standIn.connect.transfers.values()].filter(
    (tr) => (tr.metadata as Record<string, string>).earning_id === earningId,
  );
const stripePayoutsOf = (payoutId: string) =>
  [...standIn.connect.payouts.values()].filter((p) => (p.metadata as Record<string, string>).payout_id === payoutId);
async function balance(account: string) {
  const [row] = await db()
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return row?.sum ?? 0;
}
const history = async (cookie: string) => (await api('GET', '/api/creator/payouts', cookie)).json().items;

/** Each earning of the payout has exactly one transfer at Stripe, and it is the one the earning names. */
async function oneTransferEach(payoutId: string) {
  const rows = await earningsOf(payoutId);
  expect(rows).toHaveLength(2);
  for (const earning of rows) {
    const made = transfersFor(earning.id);
    expect(made, `transfers of earning ${earning.id}`).toHaveLength(1);
    expect(earning.providerTransferId).toBe(made[0]?.id);
  }
}

describe('gap 4: a transfer partly reversed in Stripe’s dashboard', () => {
  test('an upheld report afterwards reverses only the rest, refunds the fan in full, and the ledger balances', async () => {
    const people = await onboardedCreator();
    const [messageId = ''] = await earnTwice(people);
    const payout = await requestPayout(people.creatorCookie);
    expect(payout.status).toBe('in_transit');
    const [stripePayout] = stripePayoutsOf(payout.id);
    const paid = standIn.payPayout(String(stripePayout?.id));
    await twice(() => deliverConnect(t.app, paid));
    const [earning] = await db().select().from(earnings).where(eq(earnings.messageId, messageId));
    const transferId = earning?.providerTransferId ?? '';

    // Two partial reversals by hand in the dashboard; their events arrive late, in reverse order, twice.
    const first = standIn.reverseTransferInDashboard(transferId, 1_000);
    const second = standIn.reverseTransferInDashboard(transferId, 500);
    await twice(() => deliver(t.app, second));
    await twice(() => deliver(t.app, first));
    expect(await balance('transfer_reversals')).toBe(1_500);
    expect(await balance(`creator_connected:${people.creator.id}`)).toBe(-1_500);
    const [partly] = await db().select().from(earnings).where(eq(earnings.messageId, messageId));
    expect(partly?.status).toBe('paid_out');
    expect((await history(people.creatorCookie))[0]).toMatchObject({ status: 'paid', reversedAmount: 1_500 });

    // An admin upholds a report: the rest of the transfer comes back and the fan gets the whole price.
    expect(await refundCapturedPayment(t.app, { messageId })).toBe('refunded');
    expect(await unbalancedTransactions(db())).toBe(0);
    expect(await refundCapturedPayment(t.app, { messageId })).toBe('noop');
    const reversals = standIn.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/transfers/${transferId}/reversals`,
    );
    expect(reversals).toHaveLength(1);
    expect(reversals[0]).toMatchObject({ status: 200, form: { amount: '6000' } });
    expect(reversals[0]?.headers['idempotency-key']).toBe(`fanline:earning:${earning?.id}:reversal:after:1500`);
    expect(standIn.connect.transfers.get(transferId)).toMatchObject({ amount_reversed: 7_500, reversed: true });
    const [payment] = await db().select().from(payments).where(eq(payments.messageId, messageId));
    expect(payment?.status).toBe('refunded');
    const refunds = standIn.requests.filter(
      (r) => r.path === '/v1/refunds' && r.form.payment_intent === payment?.paymentIntentId && r.status === 200,
    );
    expect(refunds).toHaveLength(1);

    // Stripe's echo of our reversal, twice, then the old partial events once more: nothing more is booked.
    const echo = {
      ...second,
      id: `${second.id}_echo`,
      data: { object: structuredClone(standIn.connect.transfers.get(transferId)) },
    };
    await twice(() => deliver(t.app, echo));
    await twice(() => deliver(t.app, { ...first, id: `${first.id}_late` }));
    const [reversed] = await db().select().from(earnings).where(eq(earnings.messageId, messageId));
    expect(reversed?.status).toBe('reversed');
    expect(await balance('transfer_reversals')).toBe(0);
    expect(await balance(`creator_connected:${people.creator.id}`)).toBe(-7_500);
    const refundLegs = await db()
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.paymentId, payment?.id ?? ''), eq(ledgerEntries.kind, 'refund')));
    expect(refundLegs).toContainEqual({ account: 'external:card', amount: 10_000 });
    expect((await history(people.creatorCookie))[0]).toMatchObject({ status: 'paid', reversedAmount: 7_500 });
    expect(await unbalancedTransactions(db())).toBe(0);
  });
});

describe('gap 5: idempotency keys as Stripe keeps them', () => {
  test('an earning refused in one payout is transferred in the next, under a key of its own', async () => {
    const people = await onboardedCreator();
    await earnTwice(people);
    const account = standIn.connect.accounts.get(people.accountId) ?? {};
    account.capabilities = { transfers: 'inactive' };
    const refused = await requestPayout(people.creatorCookie);
    expect(refused.status).toBe('failed');
    expect(await balance(`creator_payable:${people.creator.id}`)).toBe(15_000);

    account.capabilities = { transfers: 'active' };
    const next = await requestPayout(people.creatorCookie);
    expect(next.status).toBe('in_transit');
    await oneTransferEach(next.id);
    for (const earning of await earningsOf(next.id)) {
      const key = `fanline:earning:${earning.id}:transfer:${next.id}`;
      expect(standIn.requests.filter((r) => r.headers['idempotency-key'] === key).map((r) => r.status)).toEqual([200]);
    }
    expect(await balance(`creator_connected:${people.creator.id}`)).toBe(15_000);
    expect(await unbalancedTransactions(db())).toBe(0);
  });

  test('a key the provider refuses as reused with other parameters fails the payout at once and alerts the admins', async () => {
    const admin = await createAdmin(db());
    await setPlatformSetting(db(), 'system_alerts', true);
    const people = await onboardedCreator();
    await earnTwice(people);
    // Stripe is down while the payout is requested: it waits for the outbox's retry.
    standIn.setOutage(503);
    let payoutId: string;
    try {
      const pending = await requestPayout(people.creatorCookie);
      expect(pending.status).toBe('pending');
      payoutId = pending.id;
    } finally {
      standIn.setOutage(null);
    }
    // Meanwhile the first earning's key was used with other parameters (as a release before 0049
    // would have): Stripe now refuses the key for ours.
    const [firstEarning] = await earningsOf(payoutId);
    const other = new Stripe(STRIPE_SECRET_KEY, {
      host: new URL(standIn.url).hostname,
      port: new URL(standIn.url).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await other.transfers.create(
      { amount: 100, currency: 'usd', destination: people.accountId, transfer_group: 'elsewhere' },
      { idempotencyKey: `fanline:earning:${firstEarning?.id}:transfer:${payoutId}` },
    );

    const after = await finishPayout(t.app, { payoutId });
    expect(after).toMatchObject({ status: 'failed', transferred: false });
    expect(await balance(`creator_payable:${people.creator.id}`)).toBe(15_000);
    expect(await unbalancedTransactions(db())).toBe(0);
    const alerts = t.app.mailer.outbox().filter((m) => m.kind === 'system-alert' && m.to === admin.email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain(`payout ${payoutId}`);
    expect(alerts[0]?.text).toMatch(/idempotency key was used before with other parameters/);
    // Once more (the outbox's retry): the payout is settled, nothing more is sent or booked.
    expect((await finishPayout(t.app, { payoutId }))?.status).toBe('failed');
    expect(t.app.mailer.outbox().filter((m) => m.kind === 'system-alert' && m.to === admin.email)).toHaveLength(1);

    // The next payout has keys of its own and goes through.
    const next = await requestPayout(people.creatorCookie);
    expect(next.status).toBe('in_transit');
    await oneTransferEach(next.id);
    expect(await unbalancedTransactions(db())).toBe(0);
  });

  test('a transfer whose answer was lost is found, not made twice, after its key aged out at Stripe', async () => {
    const people = await onboardedCreator();
    await earnTwice(people);
    // Stripe makes the first transfer but its answer never arrives.
    standIn.setFaults({ hangRate: 1, hangMs: 10, path: /^\/v1\/transfers$/, method: 'POST' });
    let payoutId: string;
    try {
      const pending = await requestPayout(people.creatorCookie);
      expect(pending.status).toBe('pending');
      payoutId = pending.id;
    } finally {
      standIn.setFaults(null);
    }
    // A day and an hour later Stripe has pruned the key; the outbox retries.
    t.clock.advance(25 * HOUR);
    expect((await finishPayout(t.app, { payoutId }))?.status).toBe('in_transit');
    expect(await unbalancedTransactions(db())).toBe(0);
    await oneTransferEach(payoutId);
    expect(stripePayoutsOf(payoutId)).toHaveLength(1);
    expect(await balance(`creator_connected:${people.creator.id}`)).toBe(15_000);
  });

  test('a 500 that Stripe stored after acting is not replayed forever: the transfer and the payout are found', async () => {
    const people = await onboardedCreator();
    await earnTwice(people);
    standIn.setFaults({ failAfterActingRate: 1, path: /^\/v1\/transfers$/, method: 'POST' });
    let payoutId: string;
    try {
      const pending = await requestPayout(people.creatorCookie);
      expect(pending.status).toBe('pending');
      payoutId = pending.id;
    } finally {
      standIn.setFaults(null);
    }
    const [firstEarning] = await earningsOf(payoutId);
    const key = `fanline:earning:${firstEarning?.id}:transfer:${payoutId}`;
    expect(standIn.requests.filter((r) => r.headers['idempotency-key'] === key).map((r) => r.status)).toEqual([500]);

    // The payout itself: made, answered 500 (stored), then found on the retry.
    standIn.setFaults({ failAfterActingRate: 1, path: /^\/v1\/payouts$/, method: 'POST' });
    try {
      await expect(finishPayout(t.app, { payoutId })).rejects.toThrow();
    } finally {
      standIn.setFaults(null);
    }
    expect((await payoutRow(payoutId))?.status).toBe('pending');
    expect(stripePayoutsOf(payoutId)).toHaveLength(1);
    expect(await unbalancedTransactions(db())).toBe(0);

    expect((await finishPayout(t.app, { payoutId }))?.status).toBe('in_transit');
    await oneTransferEach(payoutId);
    expect(stripePayoutsOf(payoutId)).toHaveLength(1);
    expect((await payoutRow(payoutId))?.providerPayoutId).toBe(stripePayoutsOf(payoutId)[0]?.id);
    // Found by the lookup: the stored 500 was never asked for again.
    expect(standIn.requests.filter((r) => r.headers['idempotency-key'] === key).map((r) => r.status)).toEqual([500]);
    expect(await unbalancedTransactions(db())).toBe(0);
  });
});
