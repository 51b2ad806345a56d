import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages, payments, webhookEvents } from '../../db/schema';
import type { Db } from '../../platform/db';
import { createCreator, createUser, signIn } from '..';
import { signStripeEvent } from './stand-in';

// Shared by the Stripe integration tests: the keys a test app runs with and the steps of a payment.
export const STRIPE_SECRET_KEY = 'sk_test_fanline_stand_in';
export const STRIPE_WEBHOOK_SECRET = 'whsec_fanline_stand_in';
/** The Connect endpoint's own secret: Stripe signs connected accounts' events with it (decision 0029). */
export const STRIPE_CONNECT_WEBHOOK_SECRET = 'whsec_fanline_connect_stand_in';
export const MESSAGE = 'Hello! Could you look at my training plan for the spring marathon?';

export const stripeEnv = (apiUrl: string, extra: Record<string, string> = {}) => ({
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  STRIPE_CONNECT_WEBHOOK_SECRET,
  STRIPE_API_URL: apiUrl,
  AUTH_IP_LIMIT: '1000',
  ...extra,
});

/** A signed-in fan starts checkout with a creator; returns the session Stripe would show the fan. */
export async function startStripeCheckout(app: FastifyInstance, db: Db, price = 2500) {
  const fan = await createUser(db);
  const creator = await createCreator(db, { messagePrice: price });
  const cookie = await signIn(app, fan.email ?? '');
  const response = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { cookie },
    // A browser-sent amount must be ignored: the price is the creator's, read on the server.
    payload: { recipientId: creator.id, messageContent: MESSAGE, amount: 1 },
  });
  if (response.statusCode !== 200) throw new Error(`checkout failed ${response.statusCode}: ${response.body}`);
  const url = response.json().url as string;
  const sessionId = url.split('/').pop() ?? '';
  const [payment] = await db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId));
  if (!payment?.messageId) throw new Error(`no payment for session ${sessionId}`);
  return { fan, creator, url, sessionId, paymentId: payment.id, messageId: payment.messageId };
}

export function deliver(app: FastifyInstance, event: object, secret = STRIPE_WEBHOOK_SECRET) {
  const { payload, headers } = signStripeEvent(event, secret);
  return app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers });
}

/** A Connect event (one carrying `account`) to the Connect endpoint, signed with its secret. */
export function deliverConnect(app: FastifyInstance, event: object, secret = STRIPE_CONNECT_WEBHOOK_SECRET) {
  const { payload, headers } = signStripeEvent(event, secret);
  return app.inject({ method: 'POST', url: '/api/webhooks/stripe-connect', payload, headers });
}

/** What a test compares before and after: the payment, its message and the event record. */
export async function snapshot(db: Db, ids: { paymentId: string; messageId: string }, eventId?: string) {
  const [payment] = await db.select().from(payments).where(eq(payments.id, ids.paymentId));
  const [message] = await db.select().from(messages).where(eq(messages.id, ids.messageId));
  const [event] = eventId ? await db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId)) : [];
  return { payment, message, event };
}
