import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { expireMessages } from '../flows';
import { SETTING_DEFAULTS } from '../modules/settings';
import { createAdmin, fanAndCreator, sendPaidMessage, signIn, useTestApp } from '../testing';

let adminCookie: string;
const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });
beforeAll(async () => {
  const admin = await createAdmin(t.database.db);
  adminCookie = await signIn(t.app, admin.email ?? '');
});

const HOUR = 3_600_000;
const REPLY = 'Thanks for writing! Here is my honest advice for you.';
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
const reply = (messageId: string, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/messages/${messageId}/reply`,
    headers: { cookie },
    payload: { content: REPLY },
  });
const sum = async (query: ReturnType<typeof sql>) =>
  Number(((await t.database.db.execute(query)) as unknown as { rows: Array<{ n: string | number }> }).rows[0]?.n ?? 0);

describe('admin transactions', () => {
  test('rows per status, filters mapped to ours, search, figures equal to sums over the ledger', async () => {
    const a = await fanAndCreator(t.app, t.database.db, { displayName: 'Tx Tamsin' });
    const captured = await sendPaidMessage(t.app, a.fanCookie, a.creator.id);
    expect((await reply(captured.messageId, a.creatorCookie)).statusCode).toBe(200);
    // A reply answers every open message of that fan: a second fan leaves one waiting, a third one expires.
    const b = await fanAndCreator(t.app, t.database.db);
    const held = await sendPaidMessage(t.app, b.fanCookie, a.creator.id);
    const c = await fanAndCreator(t.app, t.database.db);
    const expired = await sendPaidMessage(t.app, c.fanCookie, a.creator.id);
    t.clock.advance(23 * HOUR);
    const late = await sendPaidMessage(t.app, b.fanCookie, b.creator.id);
    t.clock.advance(2 * HOUR);
    await expireMessages(t.app);
    // A checkout started and never paid.
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { cookie: a.fanCookie },
      payload: { recipientId: a.creator.id, messageContent: 'Started but never paid for, this one.' },
    });
    const startedId = (started.json().url as string).split('/').pop();

    const mine = (await get('/api/admin/transactions?search=Tx%20Tamsin')).json().transactions;
    const statusOf = (id: string | undefined) => mine.find((r: { id: string }) => r.id === id)?.status;
    expect(statusOf(captured.paymentId)).toBe('succeeded');
    expect(statusOf(held.paymentId)).toBe('canceled');
    expect(statusOf(expired.paymentId)).toBe('canceled');
    expect(statusOf(startedId)).toBe('pending');
    expect(mine.find((r: { id: string }) => r.id === captured.paymentId)).toMatchObject({
      amountCents: 2500,
      platformFeeCents: 625,
      creatorCents: 1875,
      sender: { username: a.fan.username },
      recipient: { username: a.creator.username },
    });
    const ids = async (filter: string) =>
      (await get(`/api/admin/transactions?search=Tx%20Tamsin&filter=${filter}`))
        .json()
        .transactions.map((r: { id: string }) => r.id)
        .sort();
    expect(await ids('succeeded')).toEqual([captured.paymentId]);
    expect(await ids('pending')).toEqual([startedId]);
    // Issue 36 §5: money that went back is filed by how its message ended; both of these ran out of time.
    expect(await ids('expired')).toEqual([held.paymentId, expired.paymentId].sort());
    for (const other of ['declined', 'released', 'refunded']) expect(await ids(other), other).toEqual([]);
    expect(await ids('failed')).toEqual([]);
    const authorized = (await get(`/api/admin/transactions?search=${b.creator.username}&filter=pending`)).json();
    expect(authorized.transactions).toMatchObject([{ id: late.paymentId, status: 'authorized' }]);
    // A payment id finds its row.
    expect((await get(`/api/admin/transactions?search=${captured.paymentId}`)).json().transactions).toHaveLength(1);

    const { stats } = (await get('/api/admin/transactions')).json();
    const revenue = await sum(
      sql`select coalesce(-sum(amount), 0) as n from ledger_entries where account = 'sender_hold' and kind = 'capture'`,
    );
    const fees = await sum(
      sql`select coalesce(sum(amount), 0) as n from ledger_entries where account = 'platform_revenue'`,
    );
    const creators = await sum(
      sql`select coalesce(sum(amount), 0) as n from ledger_entries where kind = 'capture' and account like 'creator_payable:%'`,
    );
    const volume = await sum(sql`select count(*) as n from payments`);
    expect(revenue).toBeGreaterThan(0);
    expect(stats).toMatchObject({
      totalRevenueCents: revenue,
      platformFeesCents: fees,
      creatorEarningsCents: creators,
      transactionVolume: volume,
    });
    // Growth is this month's captures against last month's (UTC), from the ledger; none last month: null.
    // The months are the app's (its clock has moved 25 hours on), not the database's: near a month's end they differ.
    const now = t.clock.now();
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const monthRows = (await t.database.db.execute(sql`select
        coalesce(-sum(amount) filter (where created_at >= ${thisMonth.toISOString()}::timestamptz), 0) as current,
        coalesce(-sum(amount) filter (where created_at < ${thisMonth.toISOString()}::timestamptz
          and created_at >= ${lastMonth.toISOString()}::timestamptz), 0) as previous
        from ledger_entries where account = 'sender_hold' and kind = 'capture'`)) as unknown as {
      rows: Array<{ current: string; previous: string }>;
    };
    const months = monthRows.rows[0] ?? { current: '0', previous: '0' };
    const previous = Number(months.previous);
    expect(stats.growthPercent).toBe(
      previous === 0 ? null : Math.round(((Number(months.current) - previous) / previous) * 1000) / 10,
    );
    expect(stats.platformFeesPercent).toBeCloseTo((fees / revenue) * 100, 0);
    expect(stats.averageTransactionCents).toBe(Math.round(revenue / stats.capturedCount));
  });

  test('View Details: the timeline with dates and amounts, provider ids cut to 20 characters', async () => {
    const a = await fanAndCreator(t.app, t.database.db);
    const paid = await sendPaidMessage(t.app, a.fanCookie, a.creator.id);
    t.clock.advance(HOUR);
    await reply(paid.messageId, a.creatorCookie);
    const details = (await get(`/api/admin/transactions/${paid.paymentId}`)).json();
    expect(details.steps.map((s: { step: string; amountCents: number }) => [s.step, s.amountCents])).toEqual([
      ['started', 2500],
      ['authorized', 2500],
      ['captured', 2500],
    ]);
    expect(new Date(details.steps[2].at).getTime()).toBeGreaterThan(new Date(details.steps[1].at).getTime());
    expect(details.providerPaymentId).toBe(`local_${paid.paymentId}`.slice(0, 20));
    expect(details.providerPaymentId).toHaveLength(20);
    // The list never carries provider ids.
    expect((await get('/api/admin/transactions')).body).not.toContain(`local_${paid.paymentId}`.slice(0, 20));

    const b = await fanAndCreator(t.app, t.database.db);
    const lapsed = await sendPaidMessage(t.app, b.fanCookie, b.creator.id);
    t.clock.advance(25 * HOUR);
    await expireMessages(t.app);
    const released = (await get(`/api/admin/transactions/${lapsed.paymentId}`)).json();
    expect(released.steps.map((s: { step: string }) => s.step)).toEqual(['started', 'authorized', 'released']);
    expect((await get('/api/admin/transactions/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  test('commission 30 %: a new payment lists 70/30, an earlier one keeps 75/25', async () => {
    const a = await fanAndCreator(t.app, t.database.db);
    const earlier = await sendPaidMessage(t.app, a.fanCookie, a.creator.id);
    const put = (settings: object) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie: adminCookie }, payload: settings });
    expect((await put({ ...SETTING_DEFAULTS, commission_rate: 30 })).statusCode).toBe(200);
    try {
      const later = await sendPaidMessage(t.app, a.fanCookie, a.creator.id, 'A second question, also about pacing.');
      const rows = (await get(`/api/admin/transactions?search=${a.fan.username}`)).json().transactions;
      const byId = (id: string) => rows.find((r: { id: string }) => r.id === id);
      expect(byId(later.paymentId)).toMatchObject({ commissionPercent: 30, creatorCents: 1750, platformFeeCents: 750 });
      expect(byId(earlier.paymentId)).toMatchObject({
        commissionPercent: 25,
        creatorCents: 1875,
        platformFeeCents: 625,
      });
    } finally {
      expect((await put(SETTING_DEFAULTS)).statusCode).toBe(200);
    }
  });

  test('CSV export: BOM, every cell quoted, formulas defused, the filter applied', async () => {
    const a = await fanAndCreator(t.app, t.database.db, { displayName: '=HYPERLINK("http://x","Click")' });
    const paid = await sendPaidMessage(t.app, a.fanCookie, a.creator.id);
    const csv = await get(`/api/admin/transactions/export.csv?search=${a.creator.username}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="fanline-transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.body.startsWith('\uFEFF"Date","Payment ID"')).toBe(true);
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${paid.paymentId}"`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"",""Click"")"`);
    expect(lines[1]).toContain('"25.00","6.25","18.75","25"');
    // Every cell is quoted: the whole line is a run of quoted cells, as many as the header has.
    const cells = (line = '') => {
      expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
      return line.match(/"(?:[^"]|"")*"/g)?.length;
    };
    // Issue 36 §5: an Outcome column beside the payment's Status, in the screens' words.
    expect(lines[0]).toContain('"Status","Outcome","Amount (USD)"');
    expect(lines[1]).toContain('"authorized","Pending","25.00"');
    expect(cells(lines[0])).toBe(12);
    expect(cells(lines[1])).toBe(12);
    const none = await get(`/api/admin/transactions/export.csv?search=${a.creator.username}&filter=failed`);
    expect(none.body.replace('\uFEFF', '').trim().split('\r\n')).toHaveLength(1);
    expect((await get('/api/admin/transactions/export.csv?filter=bogus')).statusCode).toBe(400);
  });
});
