import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ledgerEntries, notifications, webhookEvents } from '../../db/schema';
import { abandonCheckout } from '../../flows';
import { createTestApp, type TestApp, useTestApp } from '../../testing';
import {
  deliver,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  snapshot,
  startStripeCheckout,
  stripeEnv,
} from '../../testing/stripe/kit';
import { type StripeStandIn, signStripeEvent, startStripeStandIn } from '../../testing/stripe/stand-in';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: STRIPE_SECRET_KEY });
});
afterAll(async () => {
  await standIn?.close();
});
const t = useTestApp(() => ({ env: stripeEnv(standIn.url) }));

const checkout = () => startStripeCheckout(t.app, t.database.db);
const ledgerOf = (paymentId: string) =>
  t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
const notificationsOf = (messageId: string) =>
  t.database.db.select().from(notifications).where(eq(notifications.relatedEntityId, messageId));

describe('Stripe checkout', () => {
  test('POST /api/checkout opens a Checkout Session at the creator’s price that only holds the card', async () => {
    const started = await startStripeCheckout(t.app, t.database.db, 4500);
    expect(started.url).toBe(`${standIn.url}/c/pay/${started.sessionId}`);
    const create = standIn.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/checkout/sessions' &&
        r.status === 200 &&
        r.headers['idempotency-key'] === `fanline:${started.paymentId}:checkout`,
    );
    expect(create?.form).toMatchObject({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '4500',
            product_data: { name: `Message to @${started.creator.username}` },
          },
        },
      ],
      payment_intent_data: {
        capture_method: 'manual',
        metadata: { payment_id: started.paymentId, message_id: started.messageId },
      },
      metadata: { payment_id: started.paymentId, message_id: started.messageId },
      client_reference_id: started.paymentId,
      cancel_url: `http://localhost:3000/${started.creator.username}`,
    });
    expect(create?.form.success_url).toMatch(
      new RegExp(
        `^http://localhost:3000/payment-success\\?payment=${started.paymentId}&session_id=\\{CHECKOUT_SESSION_ID\\}$`,
      ),
    );
    const { payment, message } = await snapshot(t.database.db, started);
    expect(payment).toMatchObject({ status: 'pending', provider: 'stripe', amountTotal: 4500, paymentIntentId: null });
    expect(message?.status).toBe('pending');
  });

  test('a signed checkout.session.completed authorizes the payment and delivers the message, once', async () => {
    const started = await checkout();
    const event = standIn.completeCheckout(started.sessionId);
    const response = await deliver(t.app, event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });

    const after = await snapshot(t.database.db, started, event.id);
    const intentId = standIn.sessions.get(started.sessionId)?.object.payment_intent;
    expect(after.payment).toMatchObject({ status: 'authorized', paymentIntentId: intentId });
    expect(after.payment?.captureBefore).not.toBeNull();
    expect(after.message?.status).toBe('sent');
    expect(after.event?.processedAt).not.toBeNull();

    // Stripe delivers at least once: the same event again is recognised by its id and not acted on.
    const ledger = await ledgerOf(started.paymentId);
    const notified = await notificationsOf(started.messageId);
    expect(ledger.length).toBeGreaterThan(0);
    expect(notified).toHaveLength(1);
    const callsBefore = standIn.requests.length;
    const again = await deliver(t.app, event);
    expect(again.statusCode).toBe(200);
    expect(standIn.requests.length).toBe(callsBefore);
    expect(await snapshot(t.database.db, started, event.id)).toEqual(after);
    expect(await ledgerOf(started.paymentId)).toHaveLength(ledger.length);
    expect(await notificationsOf(started.messageId)).toHaveLength(1);
  });

  test('an event whose handling died with its process is taken again after ten minutes', async () => {
    const started = await checkout();
    const event = standIn.completeCheckout(started.sessionId);
    // A claim without processed_at: the process stopped mid-handling, so no 500 reached Stripe.
    await t.database.db
      .insert(webhookEvents)
      .values({ id: event.id, type: event.type, receivedAt: new Date(Date.now() - 11 * 60_000) });
    expect((await deliver(t.app, event)).statusCode).toBe(200);
    const after = await snapshot(t.database.db, started, event.id);
    expect(after.payment?.status).toBe('authorized');
    expect(after.event?.processedAt).not.toBeNull();
  });

  test('a bad or missing signature is refused with 400 and changes nothing', async () => {
    const started = await checkout();
    const event = standIn.completeCheckout(started.sessionId);
    const wrongSecret = await deliver(t.app, event, 'whsec_not_ours');
    expect(wrongSecret.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: event,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    // Signed, then altered: the signature covers the exact bytes.
    const { payload, headers } = signStripeEvent(event, STRIPE_WEBHOOK_SECRET);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: payload.replace(started.paymentId, randomUUID()),
      headers,
    });
    expect(tampered.statusCode).toBe(400);

    const after = await snapshot(t.database.db, started, event.id);
    expect(after.payment?.status).toBe('pending');
    expect(after.message?.status).toBe('pending');
    expect(after.event).toBeUndefined();
  });

  test('an event for a payment that is not ours is acknowledged and ignored', async () => {
    const started = await checkout();
    const event = standIn.completeCheckout(started.sessionId);
    const session = event.data.object as { metadata: Record<string, string>; client_reference_id: string | null };
    for (const paymentId of [randomUUID(), 'not-a-uuid']) {
      const foreign = {
        ...event,
        id: `evt_${randomUUID()}`,
        data: { object: { ...session, metadata: { payment_id: paymentId }, client_reference_id: null } },
      };
      const response = await deliver(t.app, foreign);
      expect(response.statusCode).toBe(200);
    }
    expect((await snapshot(t.database.db, started)).payment?.status).toBe('pending');
  });

  test('event types outside the handled list are acknowledged without being recorded', async () => {
    const event = {
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'charge.succeeded',
      data: { object: { id: 'ch_1' } },
    };
    const response = await deliver(t.app, event);
    expect(response.statusCode).toBe(200);
    expect(await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id))).toHaveLength(0);
  });

  test('checkout.session.expired cancels the pending message', async () => {
    const started = await checkout();
    const response = await deliver(t.app, standIn.expireCheckout(started.sessionId));
    expect(response.statusCode).toBe(200);
    const after = await snapshot(t.database.db, started);
    expect(after.payment?.status).toBe('canceled');
    expect(after.message?.status).toBe('cancelled');
  });

  test('a declined card leaves the checkout open for another card; paying then still delivers', async () => {
    const started = await checkout();
    expect((await deliver(t.app, standIn.declineCard(started.sessionId))).statusCode).toBe(200);
    expect((await snapshot(t.database.db, started)).payment?.status).toBe('pending');

    expect((await deliver(t.app, standIn.completeCheckout(started.sessionId))).statusCode).toBe(200);
    const after = await snapshot(t.database.db, started);
    expect(after.payment?.status).toBe('authorized');
    expect(after.message?.status).toBe('sent');
  });

  test('a declined card whose session then expired fails the payment', async () => {
    const started = await checkout();
    const declined = standIn.declineCard(started.sessionId);
    standIn.expireCheckout(started.sessionId);
    expect((await deliver(t.app, declined)).statusCode).toBe(200);
    const after = await snapshot(t.database.db, started);
    expect(after.payment?.status).toBe('failed');
    expect(after.message?.status).toBe('cancelled');
  });

  test('paid after we gave up on the checkout: the hold is released, the message stays cancelled', async () => {
    const started = await checkout();
    // The reconciler abandons checkouts after an hour; Stripe may deliver a completion days late.
    await abandonCheckout(t.app, { paymentId: started.paymentId, reason: 'canceled' });
    const event = standIn.completeCheckout(started.sessionId);
    expect((await deliver(t.app, event)).statusCode).toBe(200);
    const intentId = String(standIn.sessions.get(started.sessionId)?.object.payment_intent);
    expect(standIn.intents.get(intentId)?.status).toBe('canceled');
    const after = await snapshot(t.database.db, started);
    expect(after.payment).toMatchObject({ status: 'canceled', paymentIntentId: intentId });
    expect(after.message?.status).toBe('cancelled');
  });

  test('when handling fails the answer is 500 and Stripe’s retry is handled, not skipped', async () => {
    const started = await checkout();
    const event = standIn.completeCheckout(started.sessionId);
    standIn.setOutage(503);
    try {
      const failed = await deliver(t.app, event);
      expect(failed.statusCode).toBe(500);
      expect(failed.json().error.requestId).toBe(failed.headers['x-request-id']);
    } finally {
      standIn.setOutage(null);
    }
    expect((await snapshot(t.database.db, started, event.id)).event).toBeUndefined();

    expect((await deliver(t.app, event)).statusCode).toBe(200);
    expect((await snapshot(t.database.db, started)).payment?.status).toBe('authorized');
  });

  test('payment_intent.canceled for a payment we already hold is only noted', async () => {
    const started = await checkout();
    await deliver(t.app, standIn.completeCheckout(started.sessionId));
    const intentId = String(standIn.sessions.get(started.sessionId)?.object.payment_intent);
    expect((await deliver(t.app, standIn.lapseAuthorization(intentId))).statusCode).toBe(200);
    const after = await snapshot(t.database.db, started);
    expect(after.payment?.status).toBe('authorized');
    expect(after.message?.status).toBe('sent');
  });
});

describe('Stripe checkout for response windows longer than a card hold', () => {
  let long: TestApp;
  beforeAll(async () => {
    // The platform's window (24 h by default) outlasts a 1-hour hold, so checkout charges at once.
    long = await createTestApp({ env: stripeEnv(standIn.url, { PAYMENT_HOLD_HOURS: '1' }) });
  });
  afterAll(async () => {
    await long?.close();
  });

  test('the session captures automatically and the completed webhook marks the payment succeeded', async () => {
    const started = await startStripeCheckout(long.app, long.database.db);
    const create = standIn.requests.find(
      (r) => r.headers['idempotency-key'] === `fanline:${started.paymentId}:checkout`,
    );
    expect(create?.form.payment_intent_data).toMatchObject({ capture_method: 'automatic' });

    expect((await deliver(long.app, standIn.completeCheckout(started.sessionId))).statusCode).toBe(200);
    const after = await snapshot(long.database.db, started);
    expect(after.payment).toMatchObject({ status: 'succeeded', captureBefore: null });
    expect(after.message?.status).toBe('sent');
  });
});
