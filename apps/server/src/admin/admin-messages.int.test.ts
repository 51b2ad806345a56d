import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { notifications } from '../db/schema';
import { expireMessages } from '../flows';
import { createLocalProvider } from '../modules/payments';
import {
  createAdmin,
  fanAndCreator,
  ledgerOf,
  messageRow,
  paymentRow,
  sendPaidMessage,
  signIn,
  unbalancedTransactions,
  useTestApp,
} from '../testing';

// The local provider, with a switch that makes letting money go fail like a provider outage.
let releaseFails = false;
const provider = createLocalProvider(120);
const flaky = {
  ...provider,
  async release(...args: Parameters<typeof provider.release>) {
    if (releaseFails) throw new Error('provider down');
    return provider.release(...args);
  },
};

let adminCookie: string;
let admin: Awaited<ReturnType<typeof createAdmin>>;
const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' }, payments: flaky });
beforeAll(async () => {
  admin = await createAdmin(t.database.db);
  adminCookie = await signIn(t.app, admin.email ?? '');
});

const HOUR = 3_600_000;
const REPLY = 'Thanks for writing! Here is my honest advice for you.';
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
const refund = (messageId: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/messages/${messageId}/refund`, headers: { cookie: adminCookie } });

/** The money legs of a payment without ids, for comparing two payments. */
const legs = async (paymentId: string, creatorId: string) =>
  (await ledgerOf(t.database.db, paymentId))
    .map((l) => `${l.kind} ${l.account.replace(creatorId, 'C')} ${l.amount}`)
    .sort();

describe('admin messages list', () => {
  test('filters, search by sender, recipient or content, stats and the at-risk list', async () => {
    const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db, {
      displayName: 'Zelda Listcheck',
    });
    const answered = await sendPaidMessage(t.app, fanCookie, creator.id, 'Quokka question about long runs, please?');
    t.clock.advance(2 * HOUR);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${answered.messageId}/reply`,
      headers: { cookie: creatorCookie },
      payload: { content: REPLY },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const waiting = await sendPaidMessage(t.app, fanCookie, creator.id, 'Another one about pacing, still waiting.');

    const byRecipient = (await get(`/api/admin/messages?search=Listcheck`)).json();
    expect(byRecipient.messages.map((m: { id: string }) => m.id).sort()).toEqual(
      [answered.messageId, waiting.messageId].sort(),
    );
    const row = byRecipient.messages.find((m: { id: string }) => m.id === answered.messageId);
    expect(row).toMatchObject({
      status: 'responded',
      amountCents: 2500,
      response: REPLY,
      sender: { username: fan.username },
      recipient: { username: creator.username },
      refundable: false,
    });
    expect((await get(`/api/admin/messages?search=${fan.username}&filter=pending`)).json().messages).toMatchObject([
      { id: waiting.messageId, status: 'sent', refundable: true },
    ]);
    expect((await get('/api/admin/messages?search=quokka')).json().messages).toHaveLength(1);
    expect((await get(`/api/admin/messages?search=${fan.username}&filter=expired`)).json().messages).toEqual([]);
    // LIKE wildcards in the search are literal.
    expect((await get('/api/admin/messages?search=%25')).json().messages).toEqual([]);

    const all = (await get('/api/admin/messages')).json();
    expect(all.stats.total).toBeGreaterThanOrEqual(2);
    expect(all.stats.responseRatePercent).toBeCloseTo((all.stats.responded / all.stats.total) * 100, 0);
    expect(all.stats.avgResponseSeconds).toBeGreaterThan(0);
    expect(all.atRisk.map((m: { status: string }) => m.status)).toEqual(all.atRisk.map(() => 'sent'));
    expect(all.atRisk.map((m: { id: string }) => m.id)).toContain(waiting.messageId);

    expect((await get('/api/admin/messages?filter=nope')).statusCode).toBe(400);
    expect((await get('/api/admin/messages?page=0')).statusCode).toBe(400);
  });
});

test('issue 36 §5: a decline, a block’s release and a missed deadline each have their own word and filter', async () => {
  const ended = async (how: 'decline' | 'block' | 'expiry') => {
    const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const sent = await sendPaidMessage(t.app, fanCookie, creator.id);
    if (how === 'decline') {
      const declined = await t.app.inject({
        method: 'POST',
        url: `/api/messages/${sent.messageId}/decline`,
        headers: { cookie: creatorCookie },
        payload: { reason: 'outside_expertise' },
      });
      expect(declined.statusCode, declined.body).toBe(200);
    } else if (how === 'block') {
      const blocked = await t.app.inject({
        method: 'PUT',
        url: `/api/creator/blocks/${fan.id}`,
        headers: { cookie: creatorCookie },
      });
      expect(blocked.statusCode, blocked.body).toBe(200);
    } else {
      t.clock.advance(200 * HOUR);
      await expireMessages(t.app);
      // The admin's session did not outlive the jump.
      adminCookie = await signIn(t.app, admin.email ?? '');
    }
    return { fan, messageId: sent.messageId };
  };
  const declined = await ended('decline');
  const released = await ended('block');
  const expired = await ended('expiry');
  const rowOf = async (fanUsername: string) =>
    (await get(`/api/admin/messages?search=${fanUsername}`)).json().messages[0];
  expect(await rowOf(declined.fan.username)).toMatchObject({
    status: 'refunded',
    outcome: 'declined',
    declineReason: 'outside_expertise',
  });
  expect(await rowOf(released.fan.username)).toMatchObject({ outcome: 'released', declineReason: null });
  expect(await rowOf(expired.fan.username)).toMatchObject({ outcome: 'expired', declineReason: null });
  const ids = async (filter: string) =>
    ((await get(`/api/admin/messages?filter=${filter}`)).json().messages as { id: string }[]).map((m) => m.id);
  for (const [filter, own] of [
    ['declined', declined],
    ['released', released],
    ['expired', expired],
  ] as const) {
    const listed = await ids(filter);
    expect(listed, filter).toContain(own.messageId);
    for (const other of [declined, released, expired].filter((o) => o !== own))
      expect(listed, filter).not.toContain(other.messageId);
  }
});

test('a creator’s free follow-up is never pending: not in the Pending filter, its count, the dashboard card or the response rate', async () => {
  const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
  const pendingCounts = async () => ({
    card: (await get('/api/admin/stats')).json().pendingMessages as number,
    list: (await get('/api/admin/messages')).json().stats.pending as number,
  });
  const answered = await sendPaidMessage(t.app, fanCookie, creator.id);
  const before = await pendingCounts();
  const post = (url: string, content: string) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: creatorCookie }, payload: { content } });
  expect((await post(`/api/messages/${answered.messageId}/reply`, REPLY)).statusCode).toBe(200);
  const rateBefore = (await get('/api/admin/messages')).json().stats.responseRatePercent as number;
  const followup = await post(`/api/messages/${answered.messageId}/follow-up`, 'One more tip: rest days count too.');
  expect(followup.statusCode).toBe(200);
  expect((await messageRow(t.database.db, followup.json().messageId))?.status).toBe('sent');

  // The reply answered the one pending message; the follow-up adds none.
  expect(await pendingCounts()).toEqual({ card: before.card - 1, list: before.list - 1 });
  expect((await get(`/api/admin/messages?search=${fan.username}&filter=pending`)).json().messages).toEqual([]);
  const listed = (await get(`/api/admin/messages?search=${fan.username}`)).json().messages;
  expect(listed.find((m: { id: string }) => m.id === followup.json().messageId)).toMatchObject({
    status: 'sent',
    isFollowup: true,
    refundable: false,
  });
  expect(listed.find((m: { id: string }) => m.id === answered.messageId)).toMatchObject({ isFollowup: false });
  // It awaits no answer, so it does not pull the response rate down.
  expect((await get('/api/admin/messages')).json().stats.responseRatePercent).toBe(rateBefore);
  // A paid message still waiting is pending, and the admin may refund it.
  const waiting = await sendPaidMessage(t.app, fanCookie, creator.id);
  expect(await pendingCounts()).toEqual(before);
  expect((await get(`/api/admin/messages?search=${fan.username}&filter=pending`)).json().messages).toMatchObject([
    { id: waiting.messageId, refundable: true },
  ]);
});

describe('refunding a stuck payment', () => {
  test('ends like the expiry job, balanced, and a second click changes nothing', async () => {
    const a = await fanAndCreator(t.app, t.database.db);
    const byJob = await sendPaidMessage(t.app, a.fanCookie, a.creator.id);
    const byAdmin = await sendPaidMessage(t.app, a.fanCookie, a.creator.id, 'A second question, also about pacing.');
    // The admin refunds one now; the job expires the other one after the window.
    const first = await refund(byAdmin.messageId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ outcome: 'refunded', paymentStatus: 'canceled' });
    t.clock.advance(25 * HOUR);
    expect(await expireMessages(t.app)).toBeGreaterThanOrEqual(1);

    for (const id of [byJob, byAdmin]) {
      expect((await messageRow(t.database.db, id.messageId)).status).toBe('refunded');
      expect((await paymentRow(t.database.db, id.paymentId)).status).toBe('canceled');
      const told = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.relatedEntityId, id.messageId), eq(notifications.type, 'message_refunded')));
      expect(told).toHaveLength(1);
    }
    expect(await legs(byAdmin.paymentId, a.creator.id)).toEqual(await legs(byJob.paymentId, a.creator.id));

    // Double click, also at the same moment: nothing more moves.
    const again = await Promise.all([refund(byAdmin.messageId), refund(byAdmin.messageId)]);
    expect(again.map((r) => r.json().outcome)).toEqual(['already', 'already']);
    expect((await ledgerOf(t.database.db, byAdmin.paymentId)).filter((l) => l.kind === 'release')).toHaveLength(2);
    expect(await unbalancedTransactions(t.database.db)).toBe(0);

    const audit = (await get('/api/admin/audit?limit=20')).json();
    expect(
      audit.entries.filter((e: { action: string; targetId: string }) => e.targetId === byAdmin.messageId),
    ).toMatchObject([{ action: 'message.refund', before: { status: 'sent' }, after: { status: 'refunded' } }]);
  });

  test('finishes a release the provider refused at expiry (the reconciler path), once', async () => {
    const a = await fanAndCreator(t.app, t.database.db);
    const sent = await sendPaidMessage(t.app, a.fanCookie, a.creator.id);
    releaseFails = true;
    try {
      t.clock.advance(25 * HOUR);
      await expireMessages(t.app);
    } finally {
      releaseFails = false;
    }
    expect((await paymentRow(t.database.db, sent.paymentId)).status).toBe('authorized');
    const listed = (await get(`/api/admin/messages?search=${a.fan.username}`)).json().messages;
    expect(listed).toMatchObject([{ id: sent.messageId, status: 'refunded', refundable: true }]);

    const done = await refund(sent.messageId);
    expect(done.json()).toEqual({ outcome: 'released', paymentStatus: 'canceled' });
    expect((await refund(sent.messageId)).json()).toEqual({ outcome: 'already', paymentStatus: 'canceled' });
    expect((await ledgerOf(t.database.db, sent.paymentId)).filter((l) => l.kind === 'release')).toHaveLength(2);
    expect(await unbalancedTransactions(t.database.db)).toBe(0);
    const after = (await get(`/api/admin/messages?search=${a.fan.username}`)).json().messages;
    expect(after[0].refundable).toBe(false);
  });

  test('an answered message, a free follow-up or an unknown id is refused', async () => {
    const a = await fanAndCreator(t.app, t.database.db);
    const sent = await sendPaidMessage(t.app, a.fanCookie, a.creator.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/messages/${sent.messageId}/reply`,
      headers: { cookie: a.creatorCookie },
      payload: { content: REPLY },
    });
    expect((await refund(sent.messageId)).statusCode).toBe(409);
    expect((await paymentRow(t.database.db, sent.paymentId)).status).toBe('succeeded');
    expect((await refund('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
