import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { earnings, ledgerEntries, payouts, profiles } from '../../db/schema';
import {
  connectLocalPayoutAccount,
  createTestApp,
  earnOnce,
  fanAndCreator,
  passFlagWindow,
  unbalancedTransactions,
  useTestApp,
} from '../../testing';
import { createLocalProvider, type PaymentProvider } from '../payments';
import { reconcilePayouts } from './reconcile-payouts';

const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const requestPayout = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/creator/payouts', headers: { cookie } });

/** A creator at $100 a message (a $75 share each) with `messages` answered messages. */
async function creatorWithEarnings(messages: number, app = t.app, clock = t.clock) {
  const people = await fanAndCreator(app, t.database.db, { messagePrice: 10_000 });
  for (let i = 0; i < messages; i++) await earnOnce(app, people.fanCookie, people.creator.id, people.creatorCookie);
  // Earnings are payable once their 48-hour "not an answer" window has passed (decision 0016).
  await passFlagWindow(app, clock);
  return people;
}

async function ledgerSum(account: string, kind?: string) {
  const [row] = await t.database.db
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(
      kind ? and(eq(ledgerEntries.account, account), eq(ledgerEntries.kind, kind)) : eq(ledgerEntries.account, account),
    );
  return row?.sum ?? 0;
}

describe('payouts (spec §4 Payout, ARCHITECTURE §8)', () => {
  test('needs a completed payout account, then at least $100 available', async () => {
    const { creatorCookie, creator, fanCookie } = await creatorWithEarnings(1);
    const noAccount = await requestPayout(creatorCookie);
    expect(noAccount.statusCode).toBe(409);
    expect(noAccount.json().error.fields).toEqual({ payoutAccount: 'Stripe onboarding not complete' });

    await connectLocalPayoutAccount(t.app, creatorCookie);
    const tooLittle = await requestPayout(creatorCookie);
    expect(tooLittle.statusCode).toBe(409);
    expect(tooLittle.json().error.fields).toEqual({ amount: 'Minimum Payout Not Met' });
    expect(tooLittle.json().error.message).toContain('$75');

    await earnOnce(t.app, fanCookie, creator.id, creatorCookie);
    await passFlagWindow(t.app, t.clock);
    const paid = await requestPayout(creatorCookie);
    expect(paid.statusCode).toBe(201);
    // The built-in provider's simulated bank: in transit until the reconciler asks, then paid (decision 0029).
    expect(paid.json()).toMatchObject({ amount: 15_000, status: 'in_transit', failureReason: null });
  });

  test('a payout moves the whole payable balance through clearing to the bank and marks its earnings paid out', async () => {
    const { creatorCookie, creator } = await creatorWithEarnings(2);
    await connectLocalPayoutAccount(t.app, creatorCookie);
    const payable = `creator_payable:${creator.id}`;
    expect(await ledgerSum(payable)).toBe(15_000);

    const response = await requestPayout(creatorCookie);
    expect(response.statusCode).toBe(201);
    const payoutId = response.json().id as string;

    expect(response.json().status).toBe('in_transit');
    t.clock.advance(61_000);
    await reconcilePayouts(t.app);
    const legs = await t.database.db
      .select({ kind: ledgerEntries.kind, account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.payoutId, payoutId));
    expect(legs).toEqual(
      expect.arrayContaining([
        { kind: 'payout', account: payable, amount: -15_000 },
        { kind: 'payout', account: 'payout_clearing', amount: 15_000 },
        { kind: 'transfer', account: 'payout_clearing', amount: -15_000 },
        { kind: 'transfer', account: `creator_connected:${creator.id}`, amount: 15_000 },
        { kind: 'payout_paid', account: `creator_connected:${creator.id}`, amount: -15_000 },
        { kind: 'payout_paid', account: 'external:bank', amount: 15_000 },
      ]),
    );
    expect(legs).toHaveLength(6);
    expect(await ledgerSum(payable)).toBe(0);
    const rows = await t.database.db.select().from(earnings).where(eq(earnings.creatorId, creator.id));
    expect(rows.map((e) => [e.status, e.payoutId])).toEqual([
      ['paid_out', payoutId],
      ['paid_out', payoutId],
    ]);

    const history = await get('/api/creator/payouts', creatorCookie);
    expect(history.json().items).toEqual([
      expect.objectContaining({ id: payoutId, amount: 15_000, status: 'paid', reversedAmount: 0 }),
    ]);
    const summary = (await get('/api/creator/earnings', creatorCookie)).json();
    expect(summary).toMatchObject({ available: 0, totalEarned: 15_000 });
    expect(await unbalancedTransactions(t.database.db)).toBe(0);
  });

  test('two payout requests at once pay the same earnings once: exactly one succeeds', async () => {
    const { creatorCookie, creator } = await creatorWithEarnings(2);
    await connectLocalPayoutAccount(t.app, creatorCookie);
    const answers = await Promise.all([requestPayout(creatorCookie), requestPayout(creatorCookie)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(payouts).where(eq(payouts.creatorId, creator.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amount).toBe(15_000);
    expect(await ledgerSum(`creator_payable:${creator.id}`)).toBe(0);
    expect(await ledgerSum(`creator_connected:${creator.id}`)).toBe(15_000);
  });

  test('a transfer the provider refuses fails the payout and puts the money back in the balance', async () => {
    const local = createLocalProvider(t.config.payments.holdLimitHours);
    const refusing: PaymentProvider = {
      ...local,
      payouts: {
        ...local.payouts,
        transferEarning: async () => ({ state: 'refused', reason: 'Bank account closed.' }),
      },
    };
    const other = await createTestApp({ database: t.database, payments: refusing, env: { AUTH_IP_LIMIT: '10000' } });
    try {
      const { creatorCookie, creator } = await creatorWithEarnings(2, other.app, other.clock);
      await connectLocalPayoutAccount(other.app, creatorCookie);
      const response = await other.app.inject({
        method: 'POST',
        url: '/api/creator/payouts',
        headers: { cookie: creatorCookie },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ status: 'failed', failureReason: 'Bank account closed.' });
      expect(await ledgerSum(`creator_payable:${creator.id}`)).toBe(15_000);
      const rows = await t.database.db.select().from(earnings).where(eq(earnings.creatorId, creator.id));
      expect(rows.every((e) => e.status === 'pending' && e.payoutId === null)).toBe(true);
      const summary = (
        await other.app.inject({ method: 'GET', url: '/api/creator/earnings', headers: { cookie: creatorCookie } })
      ).json();
      expect(summary.available, JSON.stringify(summary)).toBe(15_000);
    } finally {
      await other.app.close();
    }
  });

  test('the simulated bank (test mode) rejects a payout: failed with what to do, then retried and paid', async () => {
    const { creatorCookie, creator } = await creatorWithEarnings(2);
    await connectLocalPayoutAccount(t.app, creatorCookie);
    const bank = (outcome: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/stripe-connect/simulated/bank',
        headers: { cookie: creatorCookie },
        payload: { outcome },
      });
    expect((await bank('reject')).json()).toMatchObject({ simulatedBank: 'reject', dashboard: false });
    const failed = (await requestPayout(creatorCookie)).json();
    expect(failed).toMatchObject({ status: 'failed', retryable: true, failureCode: 'simulated_bank_rejected' });
    expect(failed.advice).toContain('simulated bank');
    // The money waits on the (simulated) connected account, not in the available balance.
    expect(await ledgerSum(`creator_connected:${creator.id}`)).toBe(15_000);
    expect((await get('/api/creator/earnings', creatorCookie)).json().available).toBe(0);
    expect((await get('/api/creator/payouts', creatorCookie)).json()).toMatchObject({ simulated: true });

    await bank('pay');
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/creator/payouts/${failed.id}/retry`,
      headers: { cookie: creatorCookie },
    });
    expect(retried.json()).toMatchObject({ status: 'in_transit', retryable: false });
    t.clock.advance(61_000);
    await reconcilePayouts(t.app);
    expect((await get('/api/creator/payouts', creatorCookie)).json().items[0]).toMatchObject({ status: 'paid' });
    expect(await ledgerSum(`creator_connected:${creator.id}`)).toBe(0);
    expect(await unbalancedTransactions(t.database.db)).toBe(0);
  });

  test('the earnings figures say why held money is held and what the payout rule asks', async () => {
    const { creatorCookie, creator, fanCookie } = await fanAndCreator(t.app, t.database.db, { messagePrice: 10_000 });
    const flagged = await earnOnce(t.app, fanCookie, creator.id, creatorCookie);
    t.clock.advance(3_600_000);
    await earnOnce(t.app, fanCookie, creator.id, creatorCookie);
    const secondReplyAt = t.clock.now().getTime();
    const flag = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${flagged.messageId}/not-an-answer`,
      headers: { cookie: fanCookie },
      payload: { reason: 'It does not answer what I asked at all.' },
    });
    expect(flag.statusCode, flag.body).toBe(201);

    const summary = (await get('/api/creator/earnings', creatorCookie)).json();
    expect(summary).toMatchObject({
      available: 0,
      held: 15_000,
      heldUnderReview: 7_500,
      holdWindowHours: 48,
      minimumPayout: 10_000,
    });
    // The unflagged share becomes payable 48 hours after its reply.
    expect(Date.parse(summary.nextReleaseAt)).toBe(secondReplyAt + 48 * 3_600_000);

    await passFlagWindow(t.app, t.clock);
    const later = (await get('/api/creator/earnings', creatorCookie)).json();
    expect(later).toMatchObject({ available: 7_500, held: 7_500, heldUnderReview: 7_500, nextReleaseAt: null });
  });

  test('fans cannot request payouts or read earnings', async () => {
    const { fanCookie } = await fanAndCreator(t.app, t.database.db);
    expect((await requestPayout(fanCookie)).statusCode).toBe(403);
    expect((await get('/api/creator/earnings', fanCookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/creator/earnings' })).statusCode).toBe(401);
  });
});

describe('earnings figures are sums over the ledger, in the creator’s time zone', () => {
  test('today, last 7 days, this month, total and available each equal a sum over ledger_entries', async () => {
    const DAY = 86_400_000;
    const { creatorCookie, creator, fanCookie } = await fanAndCreator(t.app, t.database.db, { messagePrice: 2_000 });
    // Tokyo is UTC+9: 2026-03-31 20:00 UTC is already April 1st there.
    await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/me',
      headers: { cookie: creatorCookie },
      payload: { timeZone: 'Asia/Tokyo' },
    });
    const start = new Date('2026-03-20T20:00:00Z');
    const offsets = [0, 5, 9, 11, 11.5, 12]; // Tokyo dates: 3/21, 3/26, 3/30, 4/1, 4/1, 4/2
    for (const offset of offsets) {
      t.clock.set(new Date(start.getTime() + offset * DAY));
      await earnOnce(t.app, fanCookie, creator.id, creatorCookie);
    }
    t.clock.set(new Date('2026-04-01T16:00:00Z')); // 2026-04-02 01:00 in Tokyo
    const summary = (await get('/api/creator/earnings', creatorCookie)).json();

    const tz = 'Asia/Tokyo';
    const account = `creator_payable:${creator.id}`;
    const sum = async (where: ReturnType<typeof sql>) => {
      const result = await t.database.db.execute(
        sql`select coalesce(sum(amount), 0)::bigint as s from ledger_entries where account = ${account} and ${where}`,
      );
      return Number((result as unknown as { rows: Array<{ s: number }> }).rows[0]?.s);
    };
    const day = sql`(created_at at time zone ${tz})::date`;
    const capture = sql`kind = 'capture'`;
    expect(summary.timeZone).toBe(tz);
    expect(summary.today).toBe(await sum(sql`${capture} and ${day} = date '2026-04-02'`));
    expect(summary.last7Days).toBe(await sum(sql`${capture} and ${day} > date '2026-04-02' - 7`));
    expect(summary.thisMonth).toBe(await sum(sql`${capture} and ${day} >= date '2026-04-01'`));
    expect(summary.totalEarned).toBe(await sum(capture));
    expect(summary.available).toBe(await sum(sql`true`));
    // And what those sums are, so the test cannot pass on two equal mistakes: a $15 share each.
    expect([summary.today, summary.last7Days, summary.thisMonth, summary.totalEarned]).toEqual([
      1_500,
      4 * 1_500, // 3/30, 4/1, 4/1, 4/2: the seven Tokyo days 3/27–4/2
      3 * 1_500,
      6 * 1_500,
    ]);
    const byDate = Object.fromEntries(summary.daily.map((d: { date: string; amount: number }) => [d.date, d.amount]));
    expect(summary.daily).toHaveLength(30);
    expect(summary.daily.at(-1).date).toBe('2026-04-02');
    expect([byDate['2026-03-21'], byDate['2026-04-01'], byDate['2026-04-02'], byDate['2026-03-22']]).toEqual([
      1_500, 3_000, 1_500, 0,
    ]);
    expect(summary.recent).toHaveLength(6);
    expect(summary.recent[0]).toMatchObject({ amount: 1_500, commission: 500, totalAmount: 2_000, status: 'pending' });

    const csv = await get('/api/creator/earnings/export.csv', creatorCookie);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Date,From,Username,Message,Message amount,Platform fee,Your earnings,Status');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toContain(',20.00,5.00,15.00,pending');

    const [stored] = await t.database.db
      .select({ tz: profiles.timeZone })
      .from(profiles)
      .where(eq(profiles.id, creator.id));
    expect(stored?.tz).toBe(tz);
    t.clock.set(new Date());
  });
});
