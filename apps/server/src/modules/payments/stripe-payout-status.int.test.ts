import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ledgerEntries, outbox, payoutAccounts, payouts } from '../../db/schema';
import { passFlagWindow, unbalancedTransactions } from '../../testing';
import { answeredStripeMessage, deliverConnect, onboardedStripeCreator } from '../../testing/stripe/kit';
import { useStripeTestApp } from '../../testing/stripe/use-stripe-test-app';

// Issue 37 gap 8, decision 0053: a Connect payout's in_transit and canceled states, through the real SDK
// against the stand-in. payout.updated changes nothing we book; payout.canceled is a failed payout whose
// money waits on the connected account for a retry, told to the creator as canceled. Every event twice,
// in both orders, and the ledger balanced after each step.

const { t, standIn, db } = useStripeTestApp();
const api = (method: 'GET' | 'POST', url: string, cookie: string) => t.app.inject({ method, url, headers: { cookie } });

/** Delivers a Connect event twice, as Stripe may; both answered 200; the ledger balances after each. */
async function twice(event: object) {
  for (let i = 0; i < 2; i++) {
    expect((await deliverConnect(t.app, event)).statusCode).toBe(200);
    expect(await unbalancedTransactions(db())).toBe(0);
  }
}

/** An onboarded creator with two $100 messages answered through Stripe, payable, and a payout requested. */
async function requestedPayout(opts: { answerLost?: boolean } = {}) {
  const people = await onboardedStripeCreator(t.app, db(), standIn);
  // Two $75 shares: the minimum payout is $100.
  for (let i = 0; i < 2; i++) await answeredStripeMessage(t.app, db(), standIn, people);
  await passFlagWindow(t.app, t.clock);
  // Stripe makes the payout, but its answer may never reach us: our payout then stays pending.
  if (opts.answerLost) standIn.setFaults({ hangRate: 1, hangMs: 10, path: /^\/v1\/payouts$/, method: 'POST' });
  try {
    const response = await api('POST', '/api/creator/payouts', people.creatorCookie);
    expect(response.statusCode, response.body).toBe(201);
    const payout = response.json() as { id: string; status: string };
    expect(payout.status).toBe(opts.answerLost ? 'pending' : 'in_transit');
    const stripePayout = [...standIn.connect.payouts.values()].find(
      (p) => (p.metadata as Record<string, string>).payout_id === payout.id,
    );
    return { ...people, payout, stripePayoutId: String(stripePayout?.id) };
  } finally {
    standIn.setFaults(null);
  }
}

const payoutRow = async (id: string) => (await db().select().from(payouts).where(eq(payouts.id, id)))[0];
const legsOf = (payoutId: string, kind: string) =>
  db()
    .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.payoutId, payoutId), eq(ledgerEntries.kind, kind)));
const allLegs = async (payoutId: string) =>
  (await db().select().from(ledgerEntries).where(eq(ledgerEntries.payoutId, payoutId))).length;
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

describe('payout.updated (in_transit)', () => {
  test('twice, before and after payout.paid, books nothing of its own: in transit, then paid once', async () => {
    const { payout, stripePayoutId, creator, creatorCookie } = await requestedPayout();
    const legsBefore = await allLegs(payout.id);
    const updated = standIn.payoutInTransit(stripePayoutId);
    expect(updated).toMatchObject({
      type: 'payout.updated',
      account: expect.stringMatching(/^acct_/),
      data: { object: { id: stripePayoutId, status: 'in_transit' }, previous_attributes: { status: 'pending' } },
    });
    await twice(updated);
    expect((await payoutRow(payout.id))?.status).toBe('in_transit');
    expect(await allLegs(payout.id)).toBe(legsBefore);
    expect((await history(creatorCookie))[0]).toMatchObject({ status: 'in_transit', advice: null });
    expect(mailsTo(creator.email)).toHaveLength(1); // the account-ready mail only

    const paid = standIn.payPayout(stripePayoutId);
    await twice(paid);
    // The in_transit news again, late and under a new id: re-read, Stripe says paid; nothing moves.
    await twice({ ...updated, id: `${updated.id}_late` });
    expect((await payoutRow(payout.id))?.status).toBe('paid');
    expect(await legsOf(payout.id, 'payout_paid')).toHaveLength(2);
    expect(mailsTo(creator.email).filter((m) => m.subject === 'Your $150 payout has arrived')).toHaveLength(1);
  });
});

describe('payout.canceled', () => {
  test('canceled then updated, each twice: failed once as canceled, money on the Stripe balance, retry pays it', async () => {
    const { payout, stripePayoutId, creator, creatorCookie, accountId } = await requestedPayoutWithAccount();
    const connectedBefore = await balance(`creator_connected:${creator.id}`);
    const [canceled, updated] = standIn.cancelPayout(stripePayoutId);
    expect(canceled).toMatchObject({
      type: 'payout.canceled',
      account: accountId,
      data: { object: { status: 'canceled' } },
    });
    expect(updated.data).toMatchObject({ previous_attributes: { status: 'pending' } });
    expect(standIn.balanceOf(accountId).available).toBe(15_000);
    await twice(canceled);
    await twice(updated);

    const row = await payoutRow(payout.id);
    expect(row).toMatchObject({ status: 'failed', failureCode: 'canceled', transferred: true });
    // Like payout.failed before the bank had it: the money never left the connected account.
    expect(await balance(`creator_connected:${creator.id}`)).toBe(connectedBefore);
    expect(await legsOf(payout.id, 'payout_paid')).toHaveLength(0);
    const [shown] = await history(creatorCookie);
    expect(shown).toMatchObject({ status: 'failed', failureReason: 'The payout was canceled.', retryable: true });
    expect(shown.advice).toMatch(/canceled before it reached your bank/);
    expect(shown.advice).not.toMatch(/bank details|bank account/);
    const mails = mailsTo(creator.email).filter((m) => /payout/.test(m.subject) && /\$150/.test(m.subject));
    expect(mails.map((m) => m.subject)).toEqual(['Your $150 payout was canceled']);
    expect(mails[0]?.text).not.toContain('did not accept');
    const pushes = await db()
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(like(outbox.key, `push:payout:${payout.id}:%`));
    expect(pushes).toHaveLength(1);
    expect(JSON.stringify(pushes[0]?.payload)).toContain('Your $150 payout was canceled');

    const retried = await api('POST', `/api/creator/payouts/${payout.id}/retry`, creatorCookie);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'in_transit', retryable: false });
    // The first attempt's cancellation, delivered again under a new id: history, not news.
    await twice({ ...canceled, id: `${canceled.id}_again` });
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'in_transit', attempts: 2 });
  });

  test('before our own answer is booked, updated then canceled, each twice: the transfer is booked once, then failed once', async () => {
    const { payout, stripePayoutId, creator } = await requestedPayout({ answerLost: true });
    expect((await payoutRow(payout.id))?.status).toBe('pending');
    const [canceled, updated] = standIn.cancelPayout(stripePayoutId);
    await twice(updated);
    await twice(canceled);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'failed', failureCode: 'canceled', transferred: true });
    expect(await legsOf(payout.id, 'transfer')).toHaveLength(2);
    expect(await balance(`creator_connected:${creator.id}`)).toBe(15_000);
    const subjects = mailsTo(creator.email).map((m) => m.subject);
    expect(subjects.filter((s) => s === 'Your $150 payout was canceled')).toHaveLength(1);
  });
});

async function requestedPayoutWithAccount() {
  const requested = await requestedPayout();
  const [account] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, requested.creator.id));
  return { ...requested, accountId: account?.stripeAccountId ?? '' };
}
