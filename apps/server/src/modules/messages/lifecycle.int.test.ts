import { MESSAGE_MESSAGES } from '@fanline/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { creatorStats, earnings, notifications } from '../../db/schema';
import { expireMessages } from '../../flows';
import {
  createUser,
  fanAndCreator,
  ledgerOf,
  messageRow,
  paymentRow,
  sendPaidMessage,
  signIn,
  unbalancedTransactions,
  useTestApp,
} from '../../testing';

const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

const HOUR = 3_600_000;
const REPLY = 'Thanks for writing! Here is my honest advice for you.';
const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('a reply', () => {
  test('answers every open message of that fan, captures them once, and books 75/25', async () => {
    const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const first = await sendPaidMessage(t.app, fanCookie, creator.id);
    const second = await sendPaidMessage(t.app, fanCookie, creator.id, 'A second question, also about the marathon.');
    expect((await messageRow(t.database.db, second.messageId)).conversationId).toBe(first.messageId);

    const reply = await post(`/api/messages/${first.messageId}/reply`, creatorCookie, { content: REPLY });
    expect(reply.statusCode, reply.body).toBe(200);
    for (const { messageId, paymentId } of [first, second]) {
      expect((await messageRow(t.database.db, messageId)).status).toBe('responded');
      expect((await paymentRow(t.database.db, paymentId)).status).toBe('succeeded');
      const capture = (await ledgerOf(t.database.db, paymentId)).filter((l) => l.kind === 'capture');
      expect(capture.map((l) => [l.account, l.amount]).sort()).toEqual(
        [
          ['sender_hold', -2500],
          [`creator_payable:${creator.id}`, 1875],
          ['platform_revenue', 625],
        ].sort(),
      );
    }
    // The text sits on the newest message it answers.
    expect((await messageRow(t.database.db, second.messageId)).responseContent).toBe(REPLY);
    const rows = await t.database.db.select().from(earnings).where(eq(earnings.creatorId, creator.id));
    expect(rows.map((r) => [r.amount, r.commission, r.totalAmount, r.status])).toEqual([
      [1875, 625, 2500, 'pending'],
      [1875, 625, 2500, 'pending'],
    ]);
    const stats = await get('/api/creator/stats', creatorCookie);
    expect(stats.json()).toEqual({ pendingMessages: 0, responseRate: 100, todaysEarningsCents: 3750 });
    const [profile] = await t.database.db
      .select({ rate: creatorStats.responseRate })
      .from(creatorStats)
      .where(eq(creatorStats.creatorId, creator.id));
    expect(profile?.rate).toBe(100);
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, fan.id), eq(notifications.type, 'message_response')));
    expect(note?.body).toBe(REPLY);
    expect(await unbalancedTransactions(t.database.db)).toBe(0);
  });

  test('replying again once all are answered is refused; a follow-up is free', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    await post(`/api/messages/${messageId}/reply`, creatorCookie, { content: REPLY });
    const again = await post(`/api/messages/${messageId}/reply`, creatorCookie, { content: REPLY });
    expect(again.statusCode).toBe(409);
    const followup = await post(`/api/messages/${messageId}/follow-up`, creatorCookie, {
      content: 'One more tip: stretch daily!',
    });
    expect(followup.statusCode).toBe(200);
    const row = await messageRow(t.database.db, followup.json().messageId);
    expect(row).toMatchObject({ amount: 0, isFollowup: true, senderId: creator.id, conversationId: messageId });
    const detail = await get(`/api/conversations/${messageId}`, creatorCookie);
    expect(detail.json()).toMatchObject({
      viewerRole: 'creator',
      creatorBox: 'followup',
      earnedCents: 1875,
      pendingCents: 0,
    });
  });

  test('a follow-up while a paid message is open answers and captures it', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const { messageId, paymentId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    const detail = await get(`/api/conversations/${messageId}`, creatorCookie);
    expect(detail.json()).toMatchObject({ creatorBox: 'response', earnedCents: 0, pendingCents: 1875 });
    await post(`/api/messages/${messageId}/follow-up`, creatorCookie, { content: 'Quick note before my full answer.' });
    expect((await messageRow(t.database.db, messageId)).status).toBe('responded');
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('succeeded');
  });

  test('needs 10 to 1000 characters: "Minimum 10 characters required"', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    const short = await post(`/api/messages/${messageId}/reply`, creatorCookie, { content: '  short  ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.content).toBe(MESSAGE_MESSAGES.minimumChars);
  });
});

describe('who may see and answer', () => {
  test('a stranger, and the fan, get "Message not found"; the fan cannot send free follow-ups', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const { messageId, paymentId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    const stranger = await createUser(t.database.db);
    const strangerCookie = await signIn(t.app, stranger.email ?? '');
    for (const [cookie, who] of [
      [strangerCookie, 'stranger'],
      [fanCookie, 'fan'],
    ] as const) {
      const reply = await post(`/api/messages/${messageId}/reply`, cookie, { content: REPLY });
      expect(reply.statusCode, who).toBe(404);
      expect(reply.json().error.message).toBe(MESSAGE_MESSAGES.messageNotFound);
      expect((await post(`/api/messages/${messageId}/follow-up`, cookie, { content: REPLY })).statusCode, who).toBe(
        404,
      );
    }
    const read = await get(`/api/conversations/${messageId}`, strangerCookie);
    expect(read.statusCode).toBe(404);
    expect((await get('/api/conversations', strangerCookie)).json().conversations).toEqual([]);
    expect((await get(`/api/checkout/local/${paymentId}`, strangerCookie)).statusCode).toBe(404);
    expect((await get(`/api/conversations/${messageId}`, fanCookie)).json()).toMatchObject({
      viewerRole: 'sender',
      paidCents: 2500,
      senderCanContinue: false,
    });
  });

  test('an admin may read any conversation', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    const admin = await createUser(t.database.db);
    const { adminUsers } = await import('../../db/schema');
    await t.database.db.insert(adminUsers).values({ userId: admin.id, role: 'admin' });
    const read = await get(`/api/conversations/${messageId}`, await signIn(t.app, admin.email ?? ''));
    expect(read.json().viewerRole).toBe('admin');
  });
});

describe('the 24-hour guarantee', () => {
  test('unanswered past its window: refunded, hold released once, fan notified; a late reply is refused', async () => {
    const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const { messageId, paymentId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    t.clock.advance(24 * HOUR - 1000);
    await expireMessages(t.app);
    expect((await messageRow(t.database.db, messageId)).status).toBe('sent');

    t.clock.advance(1000);
    await expireMessages(t.app);
    await expireMessages(t.app);
    expect((await messageRow(t.database.db, messageId)).status).toBe('refunded');
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('canceled');
    const releases = (await ledgerOf(t.database.db, paymentId)).filter((l) => l.kind === 'release');
    expect(releases.map((l) => [l.account, l.amount]).sort()).toEqual([
      ['external:card', 2500],
      ['sender_hold', -2500],
    ]);
    const refunds = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, fan.id), eq(notifications.type, 'message_refunded')));
    expect(refunds).toHaveLength(1);

    const late = await post(`/api/messages/${messageId}/reply`, creatorCookie, { content: REPLY });
    expect(late.statusCode).toBe(409);
    expect(await t.database.db.select().from(earnings).where(eq(earnings.creatorId, creator.id))).toHaveLength(0);
    const [profile] = await t.database.db
      .select({ rate: creatorStats.responseRate })
      .from(creatorStats)
      .where(eq(creatorStats.creatorId, creator.id));
    expect(profile?.rate).toBe(0);
  });
});
