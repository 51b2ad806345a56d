import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { earnings, ledgerEntries, payments } from '../../db/schema';
import {
  connectLocalPayoutAccount,
  createAdmin,
  earnOnce,
  fanAndCreator,
  passFlagWindow,
  signIn,
  unbalancedTransactions,
  useTestApp,
} from '../../testing';
import { runJobsOnce } from '../../testing/jobs';

// Issue #13 item 4, decision 0016: a fan flags a reply "not an answer" within 48 hours; the creator's
// earning is held until an admin rules: approve refunds the fan, reject makes it payable.

const HOUR = 3_600_000;
let adminCookie: string;
let adminEmail: string;
const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });
beforeAll(async () => {
  adminEmail = (await createAdmin(t.database.db)).email ?? '';
});
// These tests move the clock by days: each starts with a fresh admin session.
beforeEach(async () => {
  adminCookie = await signIn(t.app, adminEmail);
});

const flag = (messageId: string, cookie: string, reason = 'It does not answer what I asked at all.') =>
  t.app.inject({
    method: 'POST',
    url: `/api/messages/${messageId}/not-an-answer`,
    headers: { cookie },
    payload: { reason },
  });
const earningsOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/creator/earnings', headers: { cookie } })).json();
const requestPayout = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/creator/payouts', headers: { cookie } });
const review = (reportId: string, decision: 'approve' | 'reject') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/moderation/${reportId}/review`,
    headers: { cookie: adminCookie },
    payload: { decision, notes: 'Checked the thread.' },
  });
const conversation = async (messageId: string, cookie: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/conversations/${messageId}`, headers: { cookie } })).json();

async function ledgerSum(account: string) {
  const [row] = await t.database.db
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return row?.sum ?? 0;
}

/** A $200 creator (a $150 share each) with one answered paid message. */
async function answered() {
  const people = await fanAndCreator(t.app, t.database.db, { messagePrice: 20_000 });
  await connectLocalPayoutAccount(t.app, people.creatorCookie);
  const sent = await earnOnce(t.app, people.fanCookie, people.creator.id, people.creatorCookie);
  return { ...people, messageId: sent.messageId, paymentId: sent.paymentId };
}

describe('"not an answer" flag', () => {
  test('only the fan who paid may flag, once, with a reason, within 48 hours of the reply', async () => {
    const { messageId, fanCookie, creatorCookie } = await answered();
    const stranger = await fanAndCreator(t.app, t.database.db);
    expect((await flag(messageId, stranger.fanCookie)).statusCode).toBe(404);
    expect((await flag(messageId, creatorCookie)).statusCode).toBe(404);
    expect((await flag(messageId, adminCookie)).statusCode).toBe(404);
    expect((await flag(messageId, fanCookie, '')).statusCode).toBe(400);
    expect((await flag(messageId, fanCookie, 'x'.repeat(501))).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/messages/${messageId}/not-an-answer` })).statusCode).toBe(
      400,
    );

    const view = await conversation(messageId, fanCookie);
    expect(view.messages[0].flaggableUntil).not.toBeNull();
    const twice = await Promise.all([flag(messageId, fanCookie), flag(messageId, fanCookie)]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const after = await conversation(messageId, fanCookie);
    expect(after.messages[0]).toMatchObject({ flag: { status: 'pending' }, flaggableUntil: null });
    // The creator hears about it in the bell.
    const bell = (await t.app.inject({ url: '/api/notifications', headers: { cookie: creatorCookie } })).json();
    expect(bell.notifications).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'reply_flagged', title: 'A reply was flagged' })]),
    );

    const late = await answered();
    t.clock.advance(48 * HOUR + 1_000);
    const refused = await flag(late.messageId, late.fanCookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('The time to flag this reply has passed.');
    expect((await conversation(late.messageId, late.fanCookie)).messages[0].flaggableUntil).toBeNull();
  });

  test('unflagged earnings are held for 48 hours, then payable', async () => {
    const { creatorCookie, creator } = await answered();
    const fresh = await earningsOf(creatorCookie);
    expect(fresh).toMatchObject({ available: 0, held: 15_000, totalEarned: 15_000 });
    expect(fresh.recent[0]).toMatchObject({ status: 'pending', hold: 'window' });
    const tooEarly = await requestPayout(creatorCookie);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().error.message).toContain('you have $0');

    t.clock.advance(47 * HOUR);
    expect((await earningsOf(creatorCookie)).available).toBe(0);
    t.clock.advance(1 * HOUR + 1_000);
    // The jobs pass releases it without anyone looking.
    await runJobsOnce(t.app);
    expect(await ledgerSum(`creator_payable:${creator.id}`)).toBe(15_000);
    expect(await ledgerSum(`creator_held:${creator.id}`)).toBe(0);
    const later = await earningsOf(creatorCookie);
    expect(later).toMatchObject({ available: 15_000, held: 0 });
    expect(later.recent[0]).toMatchObject({ status: 'pending', hold: null });
    const paid = await requestPayout(creatorCookie);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ amount: 15_000, status: 'in_transit' });
    expect(await unbalancedTransactions(t.database.db)).toBe(0);
  });

  test('a flagged earning stays held past 48 hours; approve refunds the fan and reverses the capture', async () => {
    const { messageId, paymentId, fanCookie, creatorCookie, creator } = await answered();
    const flagged = await flag(messageId, fanCookie);
    expect(flagged.statusCode).toBe(201);
    const reportId = flagged.json().id as string;
    const revenueBefore = await ledgerSum('platform_revenue');

    t.clock.advance(72 * HOUR);
    await runJobsOnce(t.app);
    const held = await earningsOf(creatorCookie);
    expect(held).toMatchObject({ available: 0, held: 15_000 });
    expect(held.recent[0]).toMatchObject({ hold: 'flagged' });
    expect((await requestPayout(creatorCookie)).statusCode).toBe(409);

    const queue = (
      await t.app.inject({
        url: `/api/admin/moderation?search=${creator.username}&filter=pending`,
        headers: { cookie: adminCookie },
      })
    ).json();
    expect(queue.items[0]).toMatchObject({ id: reportId, contentType: 'not_an_answer', status: 'pending' });
    expect(queue.items[0].question).toEqual(expect.any(String));
    expect(queue.items[0].content).toBeTruthy();

    adminCookie = await signIn(t.app, adminEmail);
    const decided = await review(reportId, 'approve');
    expect(decided.statusCode).toBe(200);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.status).toBe('refunded');
    const [earning] = await t.database.db.select().from(earnings).where(eq(earnings.messageId, messageId));
    expect(earning?.status).toBe('refunded');
    const refund = await t.database.db
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.kind, 'refund')));
    expect(refund).toEqual(
      expect.arrayContaining([
        { account: `creator_held:${creator.id}`, amount: -15_000 },
        { account: 'platform_revenue', amount: -5_000 },
        { account: 'external:card', amount: 20_000 },
      ]),
    );
    expect(refund).toHaveLength(3);
    expect(await ledgerSum(`creator_held:${creator.id}`)).toBe(0);
    expect(await ledgerSum(`creator_payable:${creator.id}`)).toBe(0);
    expect(await ledgerSum('platform_revenue')).toBe(revenueBefore - 5_000);
    expect(await unbalancedTransactions(t.database.db)).toBe(0);
    expect(await earningsOf(creatorCookie)).toMatchObject({ available: 0, held: 0 });
    expect((await conversation(messageId, fanCookie)).messages[0].flag).toMatchObject({ status: 'approved' });
    const fanBell = (await t.app.inject({ url: '/api/notifications', headers: { cookie: fanCookie } })).json();
    expect(fanBell.notifications[0]).toMatchObject({ type: 'message_refunded', title: 'Your flag was upheld' });
    const creatorBell = (await t.app.inject({ url: '/api/notifications', headers: { cookie: creatorCookie } })).json();
    expect(creatorBell.notifications[0]).toMatchObject({ title: 'A flagged reply was refunded' });
    // Reviewed once only.
    expect((await review(reportId, 'reject')).statusCode).toBe(409);
  });

  test('a refund the provider refused at the ruling is finished by the jobs; the earning is never paid meanwhile', async () => {
    const { messageId, paymentId, fanCookie, creatorCookie } = await answered();
    const reportId = (await flag(messageId, fanCookie)).json().id as string;
    const refund = t.app.payments.refund;
    t.app.payments.refund = async () => {
      throw new Error('provider down');
    };
    try {
      expect((await review(reportId, 'approve')).statusCode).toBe(500);
    } finally {
      t.app.payments.refund = refund;
    }
    const [before] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(before?.status).toBe('succeeded');
    t.clock.advance(72 * HOUR);
    await runJobsOnce(t.app);
    const [after] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(after?.status).toBe('refunded');
    expect(await earningsOf(creatorCookie)).toMatchObject({ available: 0, held: 0 });
    expect(await unbalancedTransactions(t.database.db)).toBe(0);
  });

  test('an upheld flag takes the refunded share out of every earned figure: totals, days, chart and today’s card', async () => {
    const { messageId, fanCookie, creatorCookie, creator } = await answered();
    await earnOnce(t.app, fanCookie, creator.id, creatorCookie);
    const both = await earningsOf(creatorCookie);
    expect(both).toMatchObject({ today: 30_000, last7Days: 30_000, thisMonth: 30_000, totalEarned: 30_000 });
    const reportId = (await flag(messageId, fanCookie)).json().id as string;
    adminCookie = await signIn(t.app, adminEmail);
    expect((await review(reportId, 'approve')).statusCode).toBe(200);

    const after = await earningsOf(creatorCookie);
    expect(after).toMatchObject({ today: 15_000, last7Days: 15_000, thisMonth: 15_000, totalEarned: 15_000 });
    expect(after.daily.at(-1).amount).toBe(15_000);
    expect(after.recent.map((e: { status: string }) => e.status).sort()).toEqual(['pending', 'refunded']);
    const stats = (await t.app.inject({ url: '/api/creator/stats', headers: { cookie: creatorCookie } })).json();
    expect(stats.todaysEarningsCents).toBe(15_000);
  });

  test('reject makes the flagged earning payable', async () => {
    const { messageId, fanCookie, creatorCookie } = await answered();
    const reportId = (await flag(messageId, fanCookie)).json().id as string;
    t.clock.advance(49 * HOUR);
    expect((await earningsOf(creatorCookie)).available).toBe(0);
    adminCookie = await signIn(t.app, adminEmail);
    expect((await review(reportId, 'reject')).statusCode).toBe(200);
    expect(await earningsOf(creatorCookie)).toMatchObject({ available: 15_000, held: 0 });
    expect((await requestPayout(creatorCookie)).json()).toMatchObject({ amount: 15_000, status: 'in_transit' });
    expect((await conversation(messageId, fanCookie)).messages[0].flag).toMatchObject({ status: 'rejected' });
    const fanBell = (await t.app.inject({ url: '/api/notifications', headers: { cookie: fanCookie } })).json();
    expect(fanBell.notifications[0]).toMatchObject({ title: 'Your flag was reviewed' });
  });

  test('a flag racing a payout request: the flagged earning is never paid out', async () => {
    const { fanCookie, creatorCookie, creator } = await answered();
    await passFlagWindow(t.app, t.clock); // the first earning is payable
    const second = await earnOnce(t.app, fanCookie, creator.id, creatorCookie);
    // The last moment the second reply may be flagged; its earning is not due for release before it.
    t.clock.advance(48 * HOUR - 1);
    const [flagged, payout] = await Promise.all([flag(second.messageId, fanCookie), requestPayout(creatorCookie)]);
    expect(flagged.statusCode).toBe(201);
    expect(payout.json()).toMatchObject({ amount: 15_000, status: 'in_transit' });
    // Past the window, the flag still holds it: nothing more to pay.
    t.clock.advance(HOUR);
    await runJobsOnce(t.app);
    expect((await requestPayout(creatorCookie)).statusCode).toBe(409);
    const [earning] = await t.database.db.select().from(earnings).where(eq(earnings.messageId, second.messageId));
    expect(earning).toMatchObject({ payoutId: null, status: 'pending' });
    expect(await ledgerSum(`creator_held:${creator.id}`)).toBe(15_000);
    expect(await unbalancedTransactions(t.database.db)).toBe(0);
  });
});
