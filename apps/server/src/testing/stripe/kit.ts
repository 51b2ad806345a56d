import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages, payments, payoutAccounts, webhookEvents } from '../../db/schema';
import type { Db } from '../../platform/db';
import { createCreator, createUser, fanAndCreator, signIn, unbalancedTransactions } from '..';
import { type StripeStandIn, signStripeEvent } from './stand-in';

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

/** Fails with the answer's body unless it is 200. */
function ok(response: { statusCode: number; body: string }, what: string) {
  if (response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
}

/**
 * A fan and a creator whose price is $100 (unless given) and whose Connect account Stripe has onboarded: its
 * account.updated delivered twice, as Stripe may, the books balanced after each.
 */
export async function onboardedStripeCreator(
  app: FastifyInstance,
  db: Db,
  standIn: StripeStandIn,
  messagePrice = 10_000,
) {
  const people = await fanAndCreator(app, db, { messagePrice });
  ok(
    await app.inject({
      method: 'POST',
      url: '/api/stripe-connect/onboarding-link',
      headers: { cookie: people.creatorCookie },
    }),
    'onboarding link',
  );
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, people.creator.id));
  const accountId = row?.stripeAccountId ?? '';
  const onboarded = standIn.finishOnboarding(accountId);
  for (const _ of [1, 2]) {
    ok(await deliverConnect(app, onboarded), 'account.updated');
    if ((await unbalancedTransactions(db)) !== 0) throw new Error('unbalanced ledger after onboarding');
  }
  return { ...people, accountId };
}

/**
 * A $100 message the fan pays through Stripe Checkout and the creator answers (the reply captures it
 * at Stripe): the creator earns $75. Returns the message's and the payment intent's ids.
 */
export async function answeredStripeMessage(
  app: FastifyInstance,
  db: Db,
  standIn: StripeStandIn,
  people: { fanCookie: string; creatorCookie: string; creator: { id: string } },
): Promise<{ messageId: string; intentId: string }> {
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { cookie: people.fanCookie },
    payload: { recipientId: people.creator.id, messageContent: MESSAGE },
  });
  ok(checkout, 'checkout');
  const sessionId = String(checkout.json().url).split('/').pop() ?? '';
  ok(await deliver(app, standIn.completeCheckout(sessionId)), 'checkout.session.completed');
  const [payment] = await db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId));
  const messageId = payment?.messageId ?? '';
  ok(
    await app.inject({
      method: 'POST',
      url: `/api/messages/${messageId}/reply`,
      headers: { cookie: people.creatorCookie },
      payload: { content: 'Thanks for asking! Here is what I would do for the spring marathon.' },
    }),
    'reply',
  );
  return { messageId, intentId: payment?.paymentIntentId ?? '' };
}
