import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { earnings, ledgerEntries, payoutAccounts, payouts } from '../../db/schema';
import { createTestApp, fanAndCreator, passFlagWindow, unbalancedTransactions } from '../../testing';
import {
  answeredStripeMessage,
  deliver,
  deliverConnect,
  onboardedStripeCreator,
  STRIPE_CONNECT_WEBHOOK_SECRET,
  STRIPE_WEBHOOK_SECRET,
  stripeEnv,
} from '../../testing/stripe/kit';
import { useStripeTestApp } from '../../testing/stripe/use-stripe-test-app';
import { finishPayout } from '../ledger';
import { refundCapturedPayment } from './release-payment';

// Decision 0029: payouts through Stripe Connect, end to end through the real SDK against the stand-in:
// per-earning transfers tied to their charges, one payout on the connected account, the Connect
// endpoint's events each acted on once in any order, refunds after transfer and the Express dashboard.

const { t, standIn, db } = useStripeTestApp();

const api = (method: 'GET' | 'POST', url: string, cookie: string) => t.app.inject({ method, url, headers: { cookie } });

/** Delivers an event twice, as Stripe may: both answered 200, the second acknowledged as a duplicate. */
async function twice(send: () => Promise<{ statusCode: number }>) {
  expect((await send()).statusCode).toBe(200);
  expect((await send()).statusCode).toBe(200);
}

const onboardedCreator = () => onboardedStripeCreator(t.app, db(), standIn);

/** A paid message through Stripe Checkout, answered (captured at Stripe); returns its message id. */
const earnThroughStripe = (people: Awaited<ReturnType<typeof onboardedCreator>>) =>
  answeredStripeMessage(t.app, db(), standIn, people);

/** A creator with two $75 shares paid through Stripe, payable, and a requested payout. */
async function requestedPayout() {
  const people = await onboardedCreator();
  const earned = [await earnThroughStripe(people), await earnThroughStripe(people)];
  await passFlagWindow(t.app, t.clock);
  const response = await api('POST', '/api/creator/payouts', people.creatorCookie);
  expect(response.statusCode, response.body).toBe(201);
  return { ...people, earned, payout: response.json() as { id: string; status: string } };
}

const payoutRow = async (id: string) => (await db().select().from(payouts).where(eq(payouts.id, id)))[0];
const stripePayoutsOf = (payoutId: string) =>
  [...standIn.connect.payouts.values()].filter((p) => (p.metadata as Record<string, string>).payout_id === payoutId);
const legsOf = (payoutId: string, kind: string) =>
  db()
    .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.payoutId, payoutId), eq(ledgerEntries.kind, kind)));
async function balance(account: string) {
  const [row] = await db()
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return row?.sum ?? 0;
}
const history = async (cookie: string) => (await api('GET', '/api/creator/payouts', cookie)).json().items;
const mailsTo = (email: string | null) =>
  t.app.mailer.outbox().filter((m) => m.to === email && m.kind === 'payout-status');

describe('the Connect endpoint', () => {
  test('is required with Stripe: without STRIPE_CONNECT_WEBHOOK_SECRET the server refuses to start', async () => {
    await expect(
      createTestApp({
        database: t.database,
        env: { ...stripeEnv(standIn.url), STRIPE_CONNECT_WEBHOOK_SECRET: '' },
      }),
    ).rejects.toThrow(/STRIPE_CONNECT_WEBHOOK_SECRET is required/);
  });

  test('takes only the Connect secret, and the platform endpoint only the platform secret', async () => {
    const people = await fanAndCreator(t.app, db());
    await api('POST', '/api/stripe-connect/onboarding-link', people.creatorCookie);
    const [row] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, people.creator.id));
    const event = standIn.finishOnboarding(row?.stripeAccountId ?? '');
    expect((await deliverConnect(t.app, event, STRIPE_WEBHOOK_SECRET)).statusCode).toBe(400);
    expect((await deliver(t.app, event, STRIPE_CONNECT_WEBHOOK_SECRET)).statusCode).toBe(400);
    // The platform endpoint does not act on a connected account's events even when correctly signed.
    expect((await deliver(t.app, event)).statusCode).toBe(200);
    const [still] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, people.creator.id));
    expect(still?.onboardingCompleted).toBe(false);
    expect((await deliverConnect(t.app, event)).statusCode).toBe(200);
    const [ready] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, people.creator.id));
    expect(ready).toMatchObject({ onboardingCompleted: true, state: 'enabled' });
  });

  test('account.updated twice mails each change once: enabled, then restricted', async () => {
    const people = await onboardedCreator();
    const restricted = standIn.restrictAccount(people.accountId);
    await twice(() => deliverConnect(t.app, restricted));
    const status = (await api('GET', '/api/stripe-connect/status', people.creatorCookie)).json();
    expect(status).toMatchObject({ onboardingComplete: false, dashboard: false });
    expect(mailsTo(people.creator.email).map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Your payout account is ready', 'Your payout account needs more information']),
    );
    expect(mailsTo(people.creator.email)).toHaveLength(2);
  });
});

describe('payouts through Stripe Connect', () => {
  test('one transfer per earning from its own charge, then one payout on the connected account', async () => {
    const { payout, accountId, earned, creator } = await requestedPayout();
    expect(payout.status).toBe('in_transit');
    const rows = await db().select().from(earnings).where(eq(earnings.payoutId, payout.id));
    for (const earning of rows) {
      const request = standIn.requests.find(
        (r) =>
          r.path === '/v1/transfers' &&
          r.headers['idempotency-key'] === `fanline:earning:${earning.id}:transfer:${payout.id}`,
      );
      const intent = standIn.intents.get(earned.find((e) => e.messageId === earning.messageId)?.intentId ?? '');
      expect(request?.form).toMatchObject({
        amount: '7500',
        destination: accountId,
        source_transaction: intent?.latest_charge,
        metadata: { earning_id: earning.id, payout_id: payout.id },
      });
      expect(earning.providerTransferId).toMatch(/^tr_/);
    }
    const made = standIn.requests.filter((r) => r.path === '/v1/payouts' && r.status === 200);
    const ours = made.filter((r) => (r.form.metadata as Record<string, string>)?.payout_id === payout.id);
    expect(ours).toHaveLength(1);
    expect(ours[0]?.headers['stripe-account']).toBe(accountId);
    expect(ours[0]?.headers['idempotency-key']).toBe(`fanline:payout:${payout.id}:payout:1`);
    expect(ours[0]?.form).toMatchObject({ amount: '15000', currency: 'usd' });
    expect(await balance(`creator_connected:${creator.id}`)).toBe(15_000);
    expect(await unbalancedTransactions(db())).toBe(0);
  });

  test('payout.paid twice books it once; payout.failed after it (the bank returned it) moves it back once', async () => {
    const { payout, creator, creatorCookie } = await requestedPayout();
    const [stripePayout] = stripePayoutsOf(payout.id);
    const paid = standIn.payPayout(String(stripePayout?.id));
    await twice(() => deliverConnect(t.app, paid));
    expect((await payoutRow(payout.id))?.status).toBe('paid');
    expect(await legsOf(payout.id, 'payout_paid')).toHaveLength(2);
    expect((await history(creatorCookie))[0]).toMatchObject({ status: 'paid', failureReason: null });
    expect(mailsTo(creator.email).filter((m) => m.subject === 'Your $150 payout has arrived')).toHaveLength(1);

    const failed = standIn.failPayout(String(stripePayout?.id));
    await twice(() => deliverConnect(t.app, failed));
    // A late copy of the old news (a new event id, re-read: Stripe now says failed) changes nothing.
    await twice(() => deliverConnect(t.app, { ...paid, id: `${paid.id}_late` }));
    const row = await payoutRow(payout.id);
    expect(row).toMatchObject({ status: 'failed', failureCode: 'account_closed' });
    expect(await legsOf(payout.id, 'payout_returned')).toHaveLength(2);
    expect(await legsOf(payout.id, 'payout_paid')).toHaveLength(2);
    expect(await balance(`creator_connected:${creator.id}`)).toBe(15_000);
    const [shown] = await history(creatorCookie);
    expect(shown).toMatchObject({
      status: 'failed',
      failureReason: 'The bank account has been closed.',
      retryable: true,
    });
    expect(shown.advice).toContain('Update your bank account in your Stripe Express dashboard');
    const failMails = mailsTo(creator.email).filter((m) => m.subject === 'Your $150 payout failed');
    expect(failMails).toHaveLength(1);
    expect(failMails[0]?.text).toContain('The bank account has been closed.');
    expect(await unbalancedTransactions(db())).toBe(0);
  });

  test('payout.paid before our own answer is booked books the transfer first, once', async () => {
    const people = await onboardedCreator();
    await earnThroughStripe(people);
    await earnThroughStripe(people);
    await passFlagWindow(t.app, t.clock);
    // Stripe makes the payout but its answer never reaches us: our payout stays pending.
    standIn.setFaults({ hangRate: 1, hangMs: 10, path: /^\/v1\/payouts$/, method: 'POST' });
    let payoutId: string;
    try {
      const response = await api('POST', '/api/creator/payouts', people.creatorCookie);
      expect(response.json().status).toBe('pending');
      payoutId = response.json().id;
    } finally {
      standIn.setFaults(null);
    }
    const [stripePayout] = stripePayoutsOf(payoutId);
    const paid = standIn.payPayout(String(stripePayout?.id));
    await twice(() => deliverConnect(t.app, paid));
    expect(await payoutRow(payoutId)).toMatchObject({ status: 'paid', transferred: true });
    // The outbox's retry of our own call now finds it answered: no second payout at Stripe.
    expect((await finishPayout(t.app, { payoutId }))?.status).toBe('paid');
    expect(stripePayoutsOf(payoutId)).toHaveLength(1);
    expect(await legsOf(payoutId, 'transfer')).toHaveLength(2);
    expect(await legsOf(payoutId, 'payout_paid')).toHaveLength(2);
    expect(await unbalancedTransactions(db())).toBe(0);
  });

  test('a failed payout is retried as a new Stripe payout; the first attempt’s late news is ignored', async () => {
    const { payout, creatorCookie } = await requestedPayout();
    const [first] = stripePayoutsOf(payout.id);
    const failed = standIn.failPayout(String(first?.id));
    const paidTooEarly = await api('POST', `/api/creator/payouts/${payout.id}/retry`, creatorCookie);
    expect(paidTooEarly.statusCode).toBe(409);
    await twice(() => deliverConnect(t.app, failed));
    expect((await payoutRow(payout.id))?.status).toBe('failed');

    const retried = await api('POST', `/api/creator/payouts/${payout.id}/retry`, creatorCookie);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'in_transit', retryable: false, failureReason: null });
    const attempts = stripePayoutsOf(payout.id);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]?.metadata).toMatchObject({ attempt: '2' });
    // The first attempt's failure, delivered again under a new id: not about this attempt.
    await deliverConnect(t.app, { ...failed, id: `${failed.id}_again` });
    expect((await payoutRow(payout.id))?.status).toBe('in_transit');
    const paid = standIn.payPayout(String(attempts[1]?.id));
    await twice(() => deliverConnect(t.app, paid));
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'paid', attempts: 2 });
    expect(await unbalancedTransactions(db())).toBe(0);
  });
});

describe('refunds after transfer and transfer.reversed', () => {
  test('a refund of a paid-out earning reverses its transfer, shows on the earnings and keeps the ledger balanced', async () => {
    const { payout, creator, creatorCookie, earned } = await requestedPayout();
    const [stripePayout] = stripePayoutsOf(payout.id);
    await deliverConnect(t.app, standIn.payPayout(String(stripePayout?.id)));
    const before = (await api('GET', '/api/creator/earnings', creatorCookie)).json();

    // An admin upholds a report long after the payout: the fan's money goes back.
    const messageId = earned[0]?.messageId ?? '';
    expect(await refundCapturedPayment(t.app, { messageId })).toBe('refunded');
    expect(await refundCapturedPayment(t.app, { messageId })).toBe('noop');
    const [earning] = await db().select().from(earnings).where(eq(earnings.messageId, messageId));
    expect(earning?.status).toBe('reversed');
    const reversal = standIn.requests.filter(
      (r) => r.path === `/v1/transfers/${earning?.providerTransferId}/reversals` && r.status === 200,
    );
    expect(reversal).toHaveLength(1);
    expect(reversal[0]?.headers['idempotency-key']).toBe(`fanline:earning:${earning?.id}:reversal`);
    expect(standIn.connect.transfers.get(earning?.providerTransferId ?? '')?.reversed).toBe(true);

    // Stripe's echo of our own reversal, twice: already booked.
    const echo = {
      id: `evt_echo_${earning?.id}`,
      object: 'event',
      type: 'transfer.reversed',
      data: { object: standIn.connect.transfers.get(earning?.providerTransferId ?? '') },
    };
    await twice(() => deliver(t.app, echo));
    expect(await balance('transfer_reversals')).toBe(0);
    // The bank has the payout, so the creator's connected balance owes the reversed share.
    expect(await balance(`creator_connected:${creator.id}`)).toBe(-7_500);

    const after = (await api('GET', '/api/creator/earnings', creatorCookie)).json();
    expect(after.totalEarned).toBe(before.totalEarned);
    expect(after.recent.find((e: { messageId: string }) => e.messageId === messageId)?.status).toBe('reversed');
    expect((await history(creatorCookie))[0]).toMatchObject({ status: 'paid', reversedAmount: 7_500 });
    expect(await unbalancedTransactions(db())).toBe(0);
  });

  test('a transfer reversed in the Stripe dashboard is booked once, delivered twice', async () => {
    const { payout, creator, creatorCookie } = await requestedPayout();
    const [earning] = await db().select().from(earnings).where(eq(earnings.payoutId, payout.id));
    const event = standIn.reverseTransferInDashboard(earning?.providerTransferId ?? '');
    await twice(() => deliver(t.app, event));
    expect(await balance('transfer_reversals')).toBe(7_500);
    expect(await balance(`creator_connected:${creator.id}`)).toBe(7_500);
    const [row] = await db()
      .select()
      .from(earnings)
      .where(eq(earnings.id, earning?.id ?? ''));
    expect(row?.status).toBe('reversed');
    expect((await history(creatorCookie))[0], JSON.stringify(await history(creatorCookie))).toMatchObject({
      reversedAmount: 7_500,
    });
    expect(await unbalancedTransactions(db())).toBe(0);
  });
});

describe('the Stripe Express dashboard', () => {
  test('an onboarded creator gets a fresh login link; before onboarding there is none', async () => {
    const people = await fanAndCreator(t.app, db());
    expect((await api('POST', '/api/stripe-connect/dashboard-link', people.creatorCookie)).statusCode).toBe(409);
    const onboarded = await onboardedCreator();
    expect((await api('GET', '/api/stripe-connect/status', onboarded.creatorCookie)).json().dashboard).toBe(true);
    const link = await api('POST', '/api/stripe-connect/dashboard-link', onboarded.creatorCookie);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().url).toMatch(new RegExp(`^${standIn.url}/express/${onboarded.accountId}/`));
    expect((await api('POST', '/api/stripe-connect/dashboard-link', people.fanCookie)).statusCode).toBe(403);
  });
});
