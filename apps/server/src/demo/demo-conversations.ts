import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages, profiles } from '../db/schema';
import { answerConversation, expireMessages } from '../flows';
import { readSettings } from '../modules/settings';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { asOf, payAsOf } from './demo-as-of';

const HOUR = 3_600_000;

/**
 * Creators chosen so no other journey's seeded figures move (e2e checks mayastyle's 98% and uses
 * samtravels, chefnora, lenabeats, pixelpete).
 *
 * Gives the demo fan an answered, a pending and a refunded conversation, so the sender dashboard,
 * billing and /messages have content on first start. Checkout, payment, reply and expiry are the
 * real use cases (the ledger balances). Only with the local provider (a real Stripe account is not
 * charged for demo data), and only once.
 */
export async function seedDemoConversations(app: FastifyInstance): Promise<boolean> {
  if (app.payments.name !== 'local') return false;
  const people = await app.db
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(inArray(profiles.username, [DEMO_ACCOUNTS.fan.username, 'glowwithgia', 'inkbyiris', 'profkim']));
  const id = (username: string) => people.find((p) => p.username === username)?.id;
  const fan = id(DEMO_ACCOUNTS.fan.username);
  const [gia, iris, hana] = [id('glowwithgia'), id('inkbyiris'), id('profkim')];
  if (!fan || !gia || !iris || !hana) return false;
  // Once only: the demo fan has written to none of these three yet (the earnings demo has the fan
  // pay other creators, so "has sent nothing" is no longer the test).
  const [sent] = await app.db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.senderId, fan), inArray(messages.recipientId, [gia, iris, hana])));
  if ((sent?.n ?? 0) > 0) return false;

  const { message_expiration_hours: windowHours } = await readSettings(app.db, ['message_expiration_hours']);
  const now = app.clock.now().getTime();
  const pay = (at: number, recipientId: string, content: string) =>
    payAsOf(app, { at, senderId: fan, recipientId, content, windowHours });

  // Refunded: sent well over a window ago; nobody answered, the expiry job let the money go.
  await pay(
    now - (windowHours * 2 + 6) * HOUR,
    hana,
    'Hi Dr. Kim! How would you explain quantum tunnelling to a curious twelve-year-old?',
  );
  await expireMessages(asOf(app, new Date(now - windowHours * HOUR)));

  // Answered: sent two days ago, answered well inside its window.
  const askedAt = now - 48 * HOUR;
  const asked = await pay(
    askedAt,
    gia,
    'Hi Gia! My skin gets dry every winter. What simple routine would you recommend?',
  );
  await answerConversation(asOf(app, new Date(askedAt + Math.min(2, windowHours / 2) * HOUR)), {
    creatorId: gia,
    messageId: asked,
    kind: 'response',
    content:
      'Keep it simple: a gentle cream cleanser, a hydrating serum with hyaluronic acid, a rich moisturiser at night and sunscreen every morning, even in winter.',
  });

  // Pending: sent an hour ago; the countdown is live.
  await pay(
    now - HOUR,
    iris,
    'Iris, would you look at my portfolio? I am not sure which three pieces to lead with for agencies.',
  );
  return true;
}
