import { MESSAGE_MESSAGES } from '@fanline/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { notifications, payments } from '../../db/schema';
import {
  createCreator,
  createUser,
  fanAndCreator,
  ledgerOf,
  messageRow,
  payLocal,
  paymentRow,
  SAMPLE_MESSAGE,
  sendPaidMessage,
  signIn,
  useTestApp,
} from '../../testing';

const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

const checkout = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/checkout', headers: { cookie }, payload });

describe('POST /api/checkout', () => {
  test('charges the creator’s price from the server, whatever the browser says, split at the commission', async () => {
    const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db, {
      messagePrice: 4500,
    });
    const response = await checkout(fanCookie, { recipientId: creator.id, messageContent: SAMPLE_MESSAGE, amount: 1 });
    expect(response.statusCode).toBe(200);
    const url = response.json().url as string;
    // Relative: the browser stays on the origin it opened the app at (review 10b).
    expect(url).toMatch(/^\/checkout\/[0-9a-f-]{36}$/);
    const payment = await paymentRow(t.database.db, url.split('/').pop() ?? '');
    expect(payment).toMatchObject({
      amountTotal: 4500,
      amountPlatformFee: 1125,
      amountCreator: 3375,
      commissionPercent: 25,
      status: 'pending',
      senderId: fan.id,
    });
    // Unpaid, the message is invisible to the creator.
    const inbox = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: { cookie: creatorCookie } });
    expect(inbox.json().conversations).toEqual([]);
    expect((await messageRow(t.database.db, payment.messageId ?? '')).status).toBe('pending');
  });

  test('every spec §5 rule, verbatim', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const cases: Array<[unknown, string]> = [
      ['', MESSAGE_MESSAGES.required],
      ['  too short ', MESSAGE_MESSAGES.tooShort],
      ['x'.repeat(1001), MESSAGE_MESSAGES.tooLong],
    ];
    for (const [content, message] of cases) {
      const response = await checkout(fanCookie, { recipientId: creator.id, messageContent: content });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.messageContent).toBe(message);
    }
    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { recipientId: creator.id, messageContent: SAMPLE_MESSAGE },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  test('only available creators can be messaged, and never oneself', async () => {
    const { fan, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const away = await createCreator(t.database.db, { isAvailable: false });
    const notCreator = await createUser(t.database.db);
    expect((await checkout(fanCookie, { recipientId: away.id, messageContent: SAMPLE_MESSAGE })).statusCode).toBe(409);
    const missing = await checkout(fanCookie, { recipientId: notCreator.id, messageContent: SAMPLE_MESSAGE });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(MESSAGE_MESSAGES.recipientNotFound);
    const creatorSelf = await createCreator(t.database.db);
    const self = await checkout(await signIn(t.app, creatorSelf.email ?? ''), {
      recipientId: creatorSelf.id,
      messageContent: SAMPLE_MESSAGE,
    });
    expect(self.statusCode).toBe(400);
    expect(fan.id).toBeTruthy();
  });
});

describe('the local test checkout', () => {
  test('4242 authorizes: the message goes live for 24 h, the creator is notified, the ledger holds the amount', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const before = t.clock.now().getTime();
    const { paymentId, messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    const message = await messageRow(t.database.db, messageId);
    expect(message.status).toBe('sent');
    expect(message.expiresAt?.getTime()).toBe((message.paidAt?.getTime() ?? 0) + 24 * 3_600_000);
    expect(message.paidAt?.getTime()).toBeGreaterThanOrEqual(before);
    expect(message.conversationId).toBe(message.id);
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('authorized');
    const legs = await ledgerOf(t.database.db, paymentId);
    expect(legs.map((l) => [l.kind, l.account, l.amount])).toEqual(
      expect.arrayContaining([
        ['authorize', 'external:card', -2500],
        ['authorize', 'sender_hold', 2500],
      ]),
    );
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, creator.id), eq(notifications.relatedEntityId, messageId)));
    expect(note).toMatchObject({ type: 'new_message', isRead: false, body: SAMPLE_MESSAGE });
  });

  test('the declined card says so and leaves the payment open; paying twice charges once', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const response = await checkout(fanCookie, { recipientId: creator.id, messageContent: SAMPLE_MESSAGE });
    const paymentId = (response.json().url as string).split('/').pop() ?? '';
    const declined = await payLocal(t.app, fanCookie, paymentId, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(400);
    expect(declined.json().error.message).toBe(MESSAGE_MESSAGES.cardDeclined);
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('pending');

    const [first, second] = await Promise.all([
      payLocal(t.app, fanCookie, paymentId),
      payLocal(t.app, fanCookie, paymentId),
    ]);
    expect(first.json().redirectUrl).toBe(`/payment-success?payment=${paymentId}`);
    expect(second.json().redirectUrl).toBe(first.json().redirectUrl);
    const authorizations = (await ledgerOf(t.database.db, paymentId)).filter((l) => l.kind === 'authorize');
    expect(new Set(authorizations.map((l) => l.transactionId)).size).toBe(1);
  });

  test("another user's checkout is not found", async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const response = await checkout(fanCookie, { recipientId: creator.id, messageContent: SAMPLE_MESSAGE });
    const paymentId = (response.json().url as string).split('/').pop() ?? '';
    const stranger = await createUser(t.database.db);
    const strangerCookie = await signIn(t.app, stranger.email ?? '');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/checkout/local/${paymentId}`,
          headers: { cookie: strangerCookie },
        })
      ).statusCode,
    ).toBe(404);
    expect((await payLocal(t.app, strangerCookie, paymentId)).statusCode).toBe(404);
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('pending');
  });

  test('test-send (local provider only) sends without the card form', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/messages/test-send',
      headers: { cookie: fanCookie },
      payload: { recipientId: creator.id, messageContent: SAMPLE_MESSAGE },
    });
    expect(response.statusCode).toBe(200);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.recipientId, creator.id));
    expect(payment?.status).toBe('authorized');
  });
});

test('GET /api/payments/config tells which checkout is active', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
  expect(response.json()).toEqual({ provider: 'local', testSend: true, responseWindowHours: 24 });
});

describe('GET /api/payments/:paymentId (issue 36 §3: what /payment-success shows)', () => {
  test('the payer sees the real amount, creator and state; anyone else, an unknown or a malformed id gets 404 / 400', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db, { messagePrice: 4500 });
    const started = await checkout(fanCookie, { recipientId: creator.id, messageContent: SAMPLE_MESSAGE, amount: 1 });
    const paymentId = (started.json().url as string).split('/').pop() ?? '';
    const receipt = (cookie?: string, id = paymentId) =>
      t.app.inject({ method: 'GET', url: `/api/payments/${id}`, headers: cookie ? { cookie } : {} });

    // Not paid yet: the page must not say "sent".
    expect((await receipt(fanCookie)).json()).toMatchObject({ paymentId, state: 'awaiting', amountCents: 4500 });
    const paid = await payLocal(t.app, fanCookie, paymentId);
    expect(paid.json().redirectUrl).toBe(`/payment-success?payment=${paymentId}`);
    const own = await receipt(fanCookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      paymentId,
      state: 'held',
      amountCents: 4500,
      creator: { username: creator.username, displayName: creator.displayName },
      messageId: (await paymentRow(t.database.db, paymentId)).messageId,
    });

    const stranger = await createUser(t.database.db);
    const strangerCookie = await signIn(t.app, stranger.email ?? '');
    expect((await receipt(strangerCookie)).statusCode).toBe(404);
    expect((await receipt(fanCookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await receipt(fanCookie, 'lenabeats')).statusCode).toBe(400);
    expect((await receipt(undefined)).statusCode).toBe(401);
  });
});
