import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { earnings } from '../../db/schema';
import { answerConversation, declineConversation, expireMessages } from '../../flows';
import type { Database } from '../../platform/db';
import {
  createTestApp,
  fanAndCreator,
  ledgerOf,
  messageRow,
  openTestDatabase,
  paymentRow,
  sendPaidMessage,
  type TestApp,
  testDriver,
  unbalancedTransactions,
  useTestApp,
} from '../../testing';

let b: TestApp;
let second: Database;

const a = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });
beforeAll(async () => {
  second = testDriver() === 'postgres' ? await openTestDatabase() : a.database;
  b = await createTestApp({ database: second, env: { AUTH_IP_LIMIT: '10000' } });
});
afterAll(async () => {
  await b.app.close();
  if (second !== a.database) await second.close();
});

const decline = (messageId: string, cookie: string, payload: object) =>
  a.app.inject({ method: 'POST', url: `/api/messages/${messageId}/decline`, headers: { cookie }, payload });
const get = (url: string, cookie: string) => a.app.inject({ method: 'GET', url, headers: { cookie } });

describe('declining a paid message', () => {
  test('releases the hold at once, shows the fan the reason, and leaves the response rate alone', async () => {
    const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(a.app, a.database.db, {
      displayName: 'Declining Dana',
      messagePrice: 3000,
    });
    // One answered message first: the rate is 100%, and a decline must not lower it.
    const answered = await sendPaidMessage(a.app, fanCookie, creator.id);
    const reply = await a.app.inject({
      method: 'POST',
      url: `/api/messages/${answered.messageId}/reply`,
      headers: { cookie: creatorCookie },
      payload: { content: 'Thanks for writing, here is my answer to you.' },
    });
    expect(reply.statusCode).toBe(200);
    const { messageId, paymentId } = await sendPaidMessage(a.app, fanCookie, creator.id);

    a.clock.advance(60_000);
    const res = await decline(messageId, creatorCookie, { reason: 'outside_expertise', note: 'Try a nutritionist.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ declined: 1 });

    expect((await messageRow(a.database.db, messageId)).status).toBe('refunded');
    expect((await paymentRow(a.database.db, paymentId)).status).toBe('canceled');
    expect((await ledgerOf(a.database.db, paymentId)).map((e) => e.kind)).toContain('release');
    expect(await a.database.db.select().from(earnings).where(eq(earnings.messageId, messageId))).toHaveLength(0);

    // The fan's view: the message is declined with the reason and the note; a bell says so.
    const thread = (await get(`/api/conversations/${messageId}`, fanCookie)).json();
    const declined = thread.messages.find((m: { id: string }) => m.id === messageId);
    expect(declined).toMatchObject({
      status: 'refunded',
      declineReason: 'outside_expertise',
      declineNote: 'Try a nutritionist.',
      endedBy: 'decline',
    });
    const bells = (await get('/api/notifications', fanCookie)).json().notifications;
    expect(bells[0]).toMatchObject({
      type: 'message_declined',
      title: 'Declining Dana declined your message',
      body: 'Outside my expertise. You were not charged.',
    });
    const mail = a.app.mailer.outbox().find((m) => m.to === fan.email && /declined/.test(m.subject));
    expect(mail?.subject).toBe('Declining Dana declined your message');
    expect(mail?.text).toContain('Reason: Outside my expertise');
    expect(mail?.text).toContain('Try a nutritionist.');
    expect(mail?.text).toContain('hold on your card was released');

    // 1 responded, 1 declined: still 100%, where an expiry would have made it 50%.
    const stats = (await get('/api/creator/stats', creatorCookie)).json();
    expect(stats.responseRate).toBe(100);
    const profile = (await get(`/api/profiles/${creator.username}`, fanCookie)).json();
    expect(profile.responseRate).toBe(100);

    // Nothing open any more: a second decline is a clear 409.
    const again = await decline(messageId, creatorCookie, { reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('There is no unanswered message to decline.');
    expect(await unbalancedTransactions(a.database.db)).toBe(0);
  });

  test('a captured charge (window longer than a card hold) is refunded', async () => {
    const shortHold = await createTestApp({
      database: a.database,
      env: { AUTH_IP_LIMIT: '10000', PAYMENT_HOLD_HOURS: '12' },
    });
    try {
      const { creator, fanCookie, creatorCookie } = await fanAndCreator(shortHold.app, a.database.db);
      const { messageId, paymentId } = await sendPaidMessage(shortHold.app, fanCookie, creator.id);
      expect((await paymentRow(a.database.db, paymentId)).status).toBe('succeeded');
      const res = await shortHold.app.inject({
        method: 'POST',
        url: `/api/messages/${messageId}/decline`,
        headers: { cookie: creatorCookie },
        payload: { reason: 'too_personal' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await paymentRow(a.database.db, paymentId)).status).toBe('refunded');
      expect((await ledgerOf(a.database.db, paymentId)).map((e) => e.kind)).toContain('refund');
      expect(await unbalancedTransactions(a.database.db)).toBe(0);
    } finally {
      await shortHold.app.close();
    }
  });

  test('only the creator of the conversation can decline; bad input is a 400', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(a.app, a.database.db);
    const other = await fanAndCreator(a.app, a.database.db);
    const { messageId } = await sendPaidMessage(a.app, fanCookie, creator.id);
    expect((await decline(messageId, fanCookie, { reason: 'other' })).statusCode).toBe(404);
    expect((await decline(messageId, other.creatorCookie, { reason: 'other' })).statusCode).toBe(404);
    expect((await decline(messageId, creatorCookie, { reason: 'bored' })).statusCode).toBe(400);
    expect((await decline(messageId, creatorCookie, { reason: 'other', note: 'x'.repeat(301) })).statusCode).toBe(400);
    expect(
      (await a.app.inject({ method: 'POST', url: `/api/messages/${messageId}/decline`, payload: { reason: 'other' } }))
        .statusCode,
    ).toBe(401);
    expect((await messageRow(a.database.db, messageId)).status).toBe('sent');
  });

  test('a decline racing a reply or the expiry job ends in exactly one outcome', async () => {
    for (let round = 0; round < 6; round++) {
      const { creator, fanCookie } = await fanAndCreator(a.app, a.database.db);
      const { messageId, paymentId } = await sendPaidMessage(a.app, fanCookie, creator.id);
      const deadline = (await messageRow(a.database.db, messageId)).expiresAt?.getTime() ?? 0;
      const raceExpiry = round % 2 === 1;
      a.clock.set(new Date(deadline - 1));
      b.clock.set(new Date(raceExpiry ? deadline + 1 : deadline - 1));
      const [declined, other] = await Promise.allSettled([
        declineConversation(a.app, { creatorId: creator.id, messageId, reason: 'other' }),
        raceExpiry
          ? expireMessages(b.app)
          : answerConversation(b.app, {
              creatorId: creator.id,
              messageId,
              content: 'Answering it right now!',
              kind: 'response',
            }),
      ]);
      const row = await messageRow(a.database.db, messageId);
      const legs = await ledgerOf(a.database.db, paymentId);
      const kinds = legs.map((e) => e.kind);
      const releases = new Set(legs.filter((e) => e.kind === 'release').map((e) => e.transactionId));
      if (row.declinedAt) {
        expect(declined.status).toBe('fulfilled');
        expect(row.status).toBe('refunded');
        if (!raceExpiry) expect(other.status).toBe('rejected');
        expect(kinds).not.toContain('capture');
      } else {
        expect(declined.status).toBe('rejected');
        expect(row.status).toBe(raceExpiry ? 'refunded' : 'responded');
      }
      // Never both captured and released; at most one release.
      expect(kinds.includes('capture') && kinds.includes('release')).toBe(false);
      expect(releases.size).toBeLessThanOrEqual(1);
      if (row.status === 'refunded') expect(releases.size).toBe(1);
    }
    expect(await unbalancedTransactions(a.database.db)).toBe(0);
  });
});
