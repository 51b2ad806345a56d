import { MESSAGE_MESSAGES } from '@fanline/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { answerConversation, blockFan } from '../../flows';
import type { Database } from '../../platform/db';
import {
  createTestApp,
  fanAndCreator,
  ledgerOf,
  messageRow,
  openTestDatabase,
  payLocal,
  paymentRow,
  sendPaidMessage,
  type TestApp,
  testDriver,
  unbalancedTransactions,
  useTestApp,
} from '../../testing';

const a = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });
let b: TestApp;
let second: Database;

beforeAll(async () => {
  second = testDriver() === 'postgres' ? await openTestDatabase() : a.database;
  b = await createTestApp({ database: second, env: { AUTH_IP_LIMIT: '10000' } });
});
// Registered after useTestApp, so it runs while `a` is still open.
afterAll(async () => {
  await b.app.close();
  if (second !== a.database) await second.close();
});

const block = (fanId: string, cookie: string) =>
  a.app.inject({ method: 'PUT', url: `/api/creator/blocks/${fanId}`, headers: { cookie } });
const unblock = (fanId: string, cookie: string) =>
  a.app.inject({ method: 'DELETE', url: `/api/creator/blocks/${fanId}`, headers: { cookie } });
const get = (url: string, cookie: string) => a.app.inject({ method: 'GET', url, headers: { cookie } });
const checkout = (cookie: string, recipientId: string) =>
  a.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { cookie },
    payload: { recipientId, messageContent: 'Hello again, one more question for you please.' },
  });

describe('blocking a sender (issue #13)', () => {
  test('releases the fan’s open messages at once, refuses their checkout, and unblocking lets them pay again', async () => {
    const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(a.app, a.database.db, {
      displayName: 'Blocking Bo',
      messagePrice: 2500,
    });
    const first = await sendPaidMessage(a.app, fanCookie, creator.id);
    const second = await sendPaidMessage(a.app, fanCookie, creator.id);
    // A checkout the fan started before the block and pays after it.
    const started = await checkout(fanCookie, creator.id);
    expect(started.statusCode).toBe(200);
    const startedPaymentId = (started.json().url as string).split('/').pop() ?? '';

    const res = await block(fan.id, creatorCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ blocked: true, released: 2 });

    for (const sent of [first, second]) {
      expect((await messageRow(a.database.db, sent.messageId)).status).toBe('refunded');
      expect((await paymentRow(a.database.db, sent.paymentId)).status).toBe('canceled');
      expect((await ledgerOf(a.database.db, sent.paymentId)).map((e) => e.kind)).toContain('release');
    }
    // Issue 25: both parties' conversation says the block ended them (shown "Released", never "Expired").
    for (const cookie of [fanCookie, creatorCookie]) {
      const thread = (await get(`/api/conversations/${first.messageId}`, cookie)).json().messages;
      expect(thread.map((m: { endedBy: string | null }) => m.endedBy)).toEqual(['block', 'block']);
    }
    const bells = (await get('/api/notifications', fanCookie)).json().notifications;
    expect(bells[0]).toMatchObject({ type: 'message_declined', title: 'Blocking Bo declined your message' });
    const mail = a.app.mailer.outbox().find((m) => m.to === fan.email && /declined/.test(m.subject));
    expect(mail?.text).toContain('no longer accepting messages from you');
    expect(mail?.text).toContain('hold on your card was released');

    // Twice is the same as once: nothing more to release, still one block.
    expect((await block(fan.id, creatorCookie)).json()).toEqual({ blocked: true, released: 0 });
    const list = (await get('/api/creator/blocks', creatorCookie)).json();
    expect(list.blocked).toEqual([expect.objectContaining({ fanId: fan.id, username: fan.username })]);

    // The fan is told plainly, at checkout and when paying a checkout started before the block.
    const refused = await checkout(fanCookie, creator.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MESSAGE_MESSAGES.blocked);
    const paidLate = await payLocal(a.app, fanCookie, startedPaymentId);
    expect(paidLate.json().error?.message ?? paidLate.body).toContain(MESSAGE_MESSAGES.blocked);
    // Refused in the statement that would have made it live: no hold booked, no bell for the creator.
    const lateMessageId = (await paymentRow(a.database.db, startedPaymentId)).messageId;
    expect(await ledgerOf(a.database.db, startedPaymentId)).toEqual([]);
    const creatorBells = (await get('/api/notifications', creatorCookie)).json().notifications as Array<{
      relatedEntityId: string | null;
    }>;
    expect(creatorBells.filter((n) => n.relatedEntityId === lateMessageId)).toEqual([]);
    expect(await unbalancedTransactions(a.database.db)).toBe(0);

    // Unblocked: listed no more, and the fan can pay again.
    expect((await unblock(fan.id, creatorCookie)).statusCode).toBe(204);
    expect((await unblock(fan.id, creatorCookie)).statusCode).toBe(204);
    expect((await get('/api/creator/blocks', creatorCookie)).json()).toEqual({ blocked: [] });
    const again = await sendPaidMessage(a.app, fanCookie, creator.id);
    expect((await messageRow(a.database.db, again.messageId)).status).toBe('sent');
    expect(await unbalancedTransactions(a.database.db)).toBe(0);
  });

  test('a captured charge (window longer than a card hold) is refunded by the block', async () => {
    const shortHold = await createTestApp({
      database: a.database,
      env: { AUTH_IP_LIMIT: '10000', PAYMENT_HOLD_HOURS: '12' },
    });
    try {
      const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(shortHold.app, a.database.db);
      const { messageId, paymentId } = await sendPaidMessage(shortHold.app, fanCookie, creator.id);
      expect((await paymentRow(a.database.db, paymentId)).status).toBe('succeeded');
      const res = await shortHold.app.inject({
        method: 'PUT',
        url: `/api/creator/blocks/${fan.id}`,
        headers: { cookie: creatorCookie },
      });
      expect(res.json()).toEqual({ blocked: true, released: 1 });
      expect((await messageRow(a.database.db, messageId)).status).toBe('refunded');
      expect((await paymentRow(a.database.db, paymentId)).status).toBe('refunded');
      expect((await ledgerOf(a.database.db, paymentId)).map((e) => e.kind)).toContain('refund');
      expect(await unbalancedTransactions(a.database.db)).toBe(0);
    } finally {
      await shortHold.app.close();
    }
  });

  test('only creators block; not themselves; not an unknown account; signed out is 401', async () => {
    const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(a.app, a.database.db);
    expect((await block(creator.id, fanCookie)).statusCode).toBe(403);
    expect((await get('/api/creator/blocks', fanCookie)).statusCode).toBe(403);
    expect((await unblock(creator.id, fanCookie)).statusCode).toBe(403);
    expect((await block(creator.id, creatorCookie)).statusCode).toBe(400);
    expect((await block('00000000-0000-4000-8000-000000000000', creatorCookie)).statusCode).toBe(404);
    expect((await block('not-a-uuid', creatorCookie)).statusCode).toBe(400);
    expect((await a.app.inject({ method: 'PUT', url: `/api/creator/blocks/${fan.id}` })).statusCode).toBe(401);
    expect((await get('/api/creator/blocks', creatorCookie)).json()).toEqual({ blocked: [] });
  });

  test('a block racing a reply ends each message in exactly one state', async () => {
    for (let round = 0; round < 4; round++) {
      const { fan, creator, fanCookie } = await fanAndCreator(a.app, a.database.db);
      const { messageId, paymentId } = await sendPaidMessage(a.app, fanCookie, creator.id);
      const [blocked, replied] = await Promise.allSettled([
        blockFan(a.app, { creatorId: creator.id, fanId: fan.id }),
        answerConversation(b.app, {
          creatorId: creator.id,
          messageId,
          content: 'Answering it right now!',
          kind: 'response',
        }),
      ]);
      expect(blocked.status).toBe('fulfilled');
      const row = await messageRow(a.database.db, messageId);
      const kinds = (await ledgerOf(a.database.db, paymentId)).map((e) => e.kind);
      if (replied.status === 'fulfilled') {
        expect(row.status).toBe('responded');
        expect(blocked.status === 'fulfilled' && blocked.value.released).toBe(0);
      } else {
        expect(row.status).toBe('refunded');
        expect(kinds).not.toContain('capture');
      }
      expect(kinds.includes('capture') && kinds.includes('release')).toBe(false);
    }
    expect(await unbalancedTransactions(a.database.db)).toBe(0);
  });

  test('a block racing the payment of a checkout leaves no open message from that fan', async () => {
    for (let round = 0; round < 4; round++) {
      const { fan, creator, fanCookie } = await fanAndCreator(a.app, a.database.db);
      const started = await checkout(fanCookie, creator.id);
      expect(started.statusCode).toBe(200);
      const paymentId = (started.json().url as string).split('/').pop() ?? '';
      const [blocked, paid] = await Promise.allSettled([
        blockFan(a.app, { creatorId: creator.id, fanId: fan.id }),
        payLocal(b.app, fanCookie, paymentId),
      ]);
      expect(blocked.status).toBe('fulfilled');
      expect(paid.status).toBe('fulfilled');
      const payment = await paymentRow(a.database.db, paymentId);
      const message = payment.messageId ? await messageRow(a.database.db, payment.messageId) : null;
      // Either the payment saw the block and was refused, or its message landed first and was released.
      expect(message?.status).not.toBe('sent');
      const kinds = (await ledgerOf(a.database.db, paymentId)).map((e) => e.kind);
      expect(kinds).not.toContain('capture');
    }
    expect(await unbalancedTransactions(a.database.db)).toBe(0);
  });
});
