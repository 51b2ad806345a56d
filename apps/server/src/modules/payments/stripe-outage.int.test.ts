import { MESSAGE_MESSAGES } from '@fanline/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages, payments } from '../../db/schema';
import { createCreator, createTestApp, createUser, signIn, type TestApp, useTestApp } from '../../testing';
import { MESSAGE, STRIPE_SECRET_KEY, stripeEnv } from '../../testing/stripe/kit';
import { type StripeStandIn, startStripeStandIn } from '../../testing/stripe/stand-in';

// Security review M5 (g): Stripe down during POST /api/checkout answered 500 and left a pending
// payment and message for the reconciler to cancel an hour later.
let standIn: StripeStandIn;
let unreachable: TestApp;
beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: STRIPE_SECRET_KEY });
});
afterAll(async () => {
  await standIn?.close();
});
const t = useTestApp(() => ({ env: stripeEnv(standIn.url) }));
beforeAll(async () => {
  // Port 9 (discard) on loopback: nothing listens, so the connection is refused at once.
  unreachable = await createTestApp({ database: t.database, env: stripeEnv('http://127.0.0.1:9') });
});
afterAll(async () => {
  await unreachable?.close();
});

async function tryCheckout(app: TestApp['app']) {
  const db = t.database.db;
  const fan = await createUser(db);
  const creator = await createCreator(db);
  const cookie = await signIn(app, fan.email ?? '');
  const response = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { cookie },
    payload: { recipientId: creator.id, messageContent: MESSAGE },
  });
  const where = and(eq(payments.senderId, fan.id), eq(payments.recipientId, creator.id));
  const rows = await db.select().from(payments).where(where);
  const sent = await db.select().from(messages).where(eq(messages.senderId, fan.id));
  return { response, payments: rows, messages: sent };
}

describe('the payment provider is down when a fan starts checkout', () => {
  test.each([500, 503])(
    'Stripe answers %i: 502 with the spec’s payment message, nothing left pending',
    async (status) => {
      standIn.setOutage(status);
      let result: Awaited<ReturnType<typeof tryCheckout>>;
      try {
        result = await tryCheckout(t.app);
      } finally {
        standIn.setOutage(null);
      }
      expect(result.response.statusCode).toBe(502);
      expect(result.response.json()).toEqual({
        error: {
          code: 'PAYMENT_PROVIDER_UNAVAILABLE',
          message: MESSAGE_MESSAGES.paymentInitFailed,
          requestId: result.response.headers['x-request-id'],
        },
      });
      // Nothing the reconciler must clean up, nothing the creator could ever see.
      expect(result.payments.map((p) => p.status)).toEqual(['failed']);
      expect(result.messages.map((m) => m.status)).toEqual(['cancelled']);
    },
  );

  test('Stripe unreachable: the same answer and the same clean state', async () => {
    const result = await tryCheckout(unreachable.app);
    expect(result.response.statusCode).toBe(502);
    expect(result.response.json().error.message).toBe(MESSAGE_MESSAGES.paymentInitFailed);
    expect(result.payments.map((p) => p.status)).toEqual(['failed']);
    expect(result.messages.map((m) => m.status)).toEqual(['cancelled']);
  });

  test('once Stripe is back, the same fan can start checkout with the same creator', async () => {
    standIn.setOutage(503);
    const db = t.database.db;
    const fan = await createUser(db);
    const creator = await createCreator(db);
    const cookie = await signIn(t.app, fan.email ?? '');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { cookie },
        payload: { recipientId: creator.id, messageContent: MESSAGE },
      });
    try {
      expect((await send()).statusCode).toBe(502);
    } finally {
      standIn.setOutage(null);
    }
    const retry = await send();
    expect(retry.statusCode).toBe(200);
    expect(retry.json().url).toContain(`${standIn.url}/c/pay/`);
    const statuses = (await db.select().from(payments).where(eq(payments.senderId, fan.id))).map((p) => p.status);
    expect(statuses.sort()).toEqual(['failed', 'pending']);
  });
});
