import { beforeAll, expect, test } from 'vitest';
import { expireMessages } from '../flows';
import { createAdmin, earnOnce, fanAndCreator, sendPaidMessage, signIn, TEST_PASSWORD, useTestApp } from '../testing';

// Issue 36 §5, one status vocabulary: a decline, a block's release, a missed deadline and an upheld
// "not an answer" flag all give the fan's money back, and the fan's billing (list and CSV) and Admin →
// Transactions (list, filters and CSV) each say which, in the words of contracts' MESSAGE_OUTCOME_LABELS.

const HOUR = 3_600_000;
const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });
let adminEmail: string;
beforeAll(async () => {
  adminEmail = (await createAdmin(t.database.db)).email ?? '';
});

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

/** Reads CSV lines back into cells, as a spreadsheet would. */
const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? '').replaceAll('""', '"')));

test('billing and Admin → Transactions (API, filters, CSV) tell a decline, a block, an expiry and a refund apart', async () => {
  // An expiry first: the clock jump would outlive the other cases' sessions.
  const expiry = await fanAndCreator(t.app, t.database.db);
  const expired = await sendPaidMessage(t.app, expiry.fanCookie, expiry.creator.id);
  t.clock.advance(200 * HOUR);
  await expireMessages(t.app);

  const decline = await fanAndCreator(t.app, t.database.db);
  const declined = await sendPaidMessage(t.app, decline.fanCookie, decline.creator.id);
  const declining = await post(`/api/messages/${declined.messageId}/decline`, decline.creatorCookie, {
    reason: 'outside_expertise',
  });
  expect(declining.statusCode, declining.body).toBe(200);

  const block = await fanAndCreator(t.app, t.database.db);
  const released = await sendPaidMessage(t.app, block.fanCookie, block.creator.id);
  const blocking = await t.app.inject({
    method: 'PUT',
    url: `/api/creator/blocks/${block.fan.id}`,
    headers: { cookie: block.creatorCookie },
  });
  expect(blocking.statusCode, blocking.body).toBe(200);

  const refund = await fanAndCreator(t.app, t.database.db);
  const refunded = await earnOnce(t.app, refund.fanCookie, refund.creator.id, refund.creatorCookie);
  const flagged = await post(`/api/messages/${refunded.messageId}/not-an-answer`, refund.fanCookie, {
    reason: 'It does not answer what I asked at all.',
  });
  expect(flagged.statusCode, flagged.body).toBe(201);
  const adminCookie = await signIn(t.app, adminEmail);
  const upheld = await post(`/api/admin/moderation/${flagged.json().id}/review`, adminCookie, {
    decision: 'approve',
    notes: 'Checked the thread.',
  });
  expect(upheld.statusCode, upheld.body).toBe(200);

  const cases = [
    { name: 'decline', people: decline, paid: declined, outcome: 'declined', word: 'Declined: Outside my expertise' },
    { name: 'block', people: block, paid: released, outcome: 'released', word: 'Released' },
    { name: 'expiry', people: expiry, paid: expired, outcome: 'expired', word: 'Expired' },
    { name: 'refund', people: refund, paid: refunded, outcome: 'refunded', word: 'Refunded' },
  ] as const;

  for (const c of cases) {
    // The fan's billing: the list and the CSV.
    const fanCookie = await signIn(t.app, c.people.fan.email ?? '', TEST_PASSWORD);
    const [row] = (await get('/api/billing/transactions', fanCookie)).json().transactions;
    expect(row, c.name).toMatchObject({
      paymentId: c.paid.paymentId,
      outcome: c.outcome,
      declineReason: c.outcome === 'declined' ? 'outside_expertise' : null,
    });
    const [header, line] = csvRows((await get('/api/billing/export.csv', fanCookie)).body);
    expect(line?.[header?.indexOf('Outcome') ?? -1], c.name).toBe(c.word);

    // Admin → Transactions: the row, its details, the CSV.
    const listed = (await get(`/api/admin/transactions?search=${c.paid.paymentId}`, adminCookie)).json();
    expect(listed.transactions, c.name).toMatchObject([{ id: c.paid.paymentId, outcome: c.outcome }]);
    const details = (await get(`/api/admin/transactions/${c.paid.paymentId}`, adminCookie)).json();
    expect(details.transaction.outcome, c.name).toBe(c.outcome);
    const csv = csvRows((await get(`/api/admin/transactions/export.csv?search=${c.paid.paymentId}`, adminCookie)).body);
    expect(csv, c.name).toHaveLength(2);
    expect(csv[1]?.[csv[0]?.indexOf('Outcome') ?? -1], c.name).toBe(c.word);

    // Each outcome's filter lists its own payment and none of the others'.
    for (const other of cases) {
      const ids = (
        await get(`/api/admin/transactions?search=${c.people.fan.username}&filter=${other.outcome}`, adminCookie)
      )
        .json()
        .transactions.map((r: { id: string }) => r.id);
      expect(ids, `${c.name} under ${other.outcome}`).toEqual(other === c ? [c.paid.paymentId] : []);
    }
  }

  // The activity feed (its last 5 events) names each payment's outcome too, never the provider's "canceled".
  const feed = (await get('/api/admin/activity', adminCookie)).json().events as { kind: string; text: string }[];
  const payments = feed.filter((e) => e.kind === 'payment');
  expect(payments.length).toBeGreaterThan(0);
  for (const e of payments) {
    const c = cases.find((one) => e.text.startsWith(`Payment of $25.00 from @${one.people.fan.username}:`));
    expect(e.text).toBe(`Payment of $25.00 from @${c?.people.fan.username}: ${c?.word}`);
  }
  for (const e of feed) expect(e.text).not.toMatch(/cancel/i);
});
