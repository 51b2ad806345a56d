import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ledgerEntries, notifications, profiles } from '../../db/schema';
import { unbalancedTransactions, useTestApp } from '../../testing';
import { deliver, STRIPE_SECRET_KEY, snapshot, startStripeCheckout, stripeEnv } from '../../testing/stripe/kit';
import { type StripeStandIn, startStripeStandIn } from '../../testing/stripe/stand-in';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: STRIPE_SECRET_KEY });
});
afterAll(async () => {
  await standIn?.close();
});
const t = useTestApp(() => ({ env: stripeEnv(standIn.url) }));

// Security review L3 with Stripe: the fan finished Stripe's checkout after the creator paused. The
// message must not go live, and the hold Stripe already placed is released.
test('a Stripe checkout completed after the creator paused is released, not delivered', async () => {
  const started = await startStripeCheckout(t.app, t.database.db);
  await t.database.db.update(profiles).set({ isAvailable: false }).where(eq(profiles.id, started.creator.id));
  const event = standIn.completeCheckout(started.sessionId);
  expect((await deliver(t.app, event)).statusCode).toBe(200);

  const after = await snapshot(t.database.db, started);
  expect(after.payment?.status).toBe('canceled');
  expect(after.message?.status).toBe('cancelled');
  const intentId = String(standIn.sessions.get(started.sessionId)?.object.payment_intent);
  expect(standIn.intents.get(intentId)?.status).toBe('canceled');
  expect(
    await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, started.paymentId)),
  ).toEqual([]);
  expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, started.creator.id))).toEqual(
    [],
  );
  expect(await unbalancedTransactions(t.database.db)).toBe(0);
});

test('a Stripe checkout completed after the price changed is released, not delivered', async () => {
  const started = await startStripeCheckout(t.app, t.database.db, 2500);
  await t.database.db.update(profiles).set({ messagePrice: 9900 }).where(eq(profiles.id, started.creator.id));
  const event = standIn.completeCheckout(started.sessionId);
  expect((await deliver(t.app, event)).statusCode).toBe(200);
  const after = await snapshot(t.database.db, started);
  expect(after.payment?.status).toBe('canceled');
  expect(after.message?.status).toBe('cancelled');
  const intentId = String(standIn.sessions.get(started.sessionId)?.object.payment_intent);
  expect(standIn.intents.get(intentId)?.status).toBe('canceled');
});
