import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testConfig } from '../../testing';
import { STRIPE_SECRET_KEY, stripeEnv } from '../../testing/stripe/kit';
import { type StripeStandIn, startStripeStandIn } from '../../testing/stripe/stand-in';
import type { PaymentProvider, PaymentRow } from './provider';
import { createStripeProvider } from './stripe/provider';

// The provider alone against the stand-in: which calls it makes, with which keys, and how it reads
// Stripe's answers. The webhook tests cover the app around it.
let standIn: StripeStandIn;
let provider: PaymentProvider;
beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: STRIPE_SECRET_KEY });
  provider = createStripeProvider(testConfig(stripeEnv(standIn.url)));
});
afterAll(async () => {
  await standIn?.close();
});

function paymentRow(): PaymentRow {
  const now = new Date();
  return {
    id: randomUUID(),
    provider: 'stripe',
    paymentIntentId: null,
    checkoutSessionId: null,
    amountTotal: 2500,
    amountCreator: 1875,
    amountPlatformFee: 625,
    commissionPercent: 25,
    status: 'pending',
    captureBefore: null,
    refundId: null,
    refundStatus: null,
    refundFailureReason: null,
    senderId: randomUUID(),
    recipientId: randomUUID(),
    messageId: randomUUID(),
    createdAt: now,
    updatedAt: now,
  };
}

/** A payment whose fan has gone through Stripe's checkout: held, or charged when captureAtOnce. */
async function paidPayment(captureAtOnce = false): Promise<PaymentRow> {
  const payment = paymentRow();
  const { checkoutSessionId } = await provider.createCheckout({
    payment,
    creator: { id: payment.recipientId, username: 'creator', displayName: null },
    description: 'Message to @creator',
    successUrl: 'http://localhost:3000/payment-success?creator=creator&amount=25',
    cancelUrl: 'http://localhost:3000/creator',
    captureAtOnce,
  });
  standIn.completeCheckout(checkoutSessionId ?? '');
  const paymentIntentId = String(standIn.sessions.get(checkoutSessionId ?? '')?.object.payment_intent);
  return { ...payment, checkoutSessionId, paymentIntentId, status: captureAtOnce ? 'succeeded' : 'authorized' };
}

const callsFor = (payment: PaymentRow, action: string) =>
  standIn.requests.filter((r) => r.headers['idempotency-key'] === `fanline:${payment.id}:${action}`);

describe('Stripe provider', () => {
  test('holds its authorization limit from config', () => {
    expect(provider.holdLimitHours).toBe(120);
  });

  test('capture takes the held amount, keyed by payment and action; a retry is replayed, not repeated', async () => {
    const payment = await paidPayment();
    expect(await provider.capture(payment)).toBe('captured');
    expect(await provider.capture(payment)).toBe('captured');
    const calls = callsFor(payment, 'capture');
    expect(calls.map((c) => [c.method, c.path, c.status, c.replayed])).toEqual([
      ['POST', `/v1/payment_intents/${payment.paymentIntentId}/capture`, 200, false],
      ['POST', `/v1/payment_intents/${payment.paymentIntentId}/capture`, 200, true],
    ]);
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${STRIPE_SECRET_KEY}`);
    expect(standIn.intents.get(payment.paymentIntentId ?? '')).toMatchObject({
      status: 'succeeded',
      amount_received: 2500,
    });
  });

  test('capture of an authorization that lapsed or was released is "gone"', async () => {
    const payment = await paidPayment();
    standIn.lapseAuthorization(payment.paymentIntentId ?? '');
    expect(await provider.capture(payment)).toBe('gone');
  });

  test('release cancels the hold; releasing an already canceled one succeeds', async () => {
    const payment = await paidPayment();
    await provider.release(payment);
    expect(standIn.intents.get(payment.paymentIntentId ?? '')?.status).toBe('canceled');
    expect(callsFor(payment, 'release').map((c) => [c.path, c.status])).toEqual([
      [`/v1/payment_intents/${payment.paymentIntentId}/cancel`, 200],
    ]);

    const lapsed = await paidPayment();
    standIn.lapseAuthorization(lapsed.paymentIntentId ?? '');
    await expect(provider.release(lapsed)).resolves.toBeUndefined();
    expect(await provider.capture(payment)).toBe('gone');
  });

  test('refund gives back a payment taken at once, keyed by payment and action', async () => {
    const payment = await paidPayment(true);
    await provider.refund(payment);
    await provider.refund(payment);
    const calls = callsFor(payment, 'refund');
    expect(calls.map((c) => [c.path, c.status, c.replayed])).toEqual([
      ['/v1/refunds', 200, false],
      ['/v1/refunds', 200, true],
    ]);
    expect(calls[0]?.form).toEqual({ payment_intent: payment.paymentIntentId, metadata: { payment_id: payment.id } });
    expect([...standIn.refunds.values()].filter((r) => r.payment_intent === payment.paymentIntentId)).toHaveLength(1);
  });

  test('other Stripe errors reach the caller, so the reconciler retries them', async () => {
    const unknown = { ...paymentRow(), paymentIntentId: 'pi_unknown' };
    await expect(provider.capture(unknown)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const payment = await paidPayment();
    standIn.setOutage(500);
    try {
      await expect(provider.release(payment)).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    } finally {
      standIn.setOutage(null);
    }
    await provider.release(payment);
    expect(standIn.intents.get(payment.paymentIntentId ?? '')?.status).toBe('canceled');
  });
});

describe('Stripe stand-in', () => {
  const stripe = () =>
    new Stripe(STRIPE_SECRET_KEY, {
      host: '127.0.0.1',
      port: new URL(standIn.url).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });

  test('refuses what Stripe refuses: unknown parameters, missing line items, a key reused for other parameters', async () => {
    const base = {
      mode: 'payment' as const,
      success_url: 'http://localhost:3000/ok',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'x' } } }],
    };
    const key = `test-${randomUUID()}`;
    await expect(stripe().checkout.sessions.create(base, { idempotencyKey: key })).resolves.toMatchObject({
      status: 'open',
    });
    await expect(
      stripe().checkout.sessions.create({ ...base, client_reference_id: 'other' }, { idempotencyKey: key }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
    await expect(
      stripe().checkout.sessions.create({ ...base, line_items: [] }, { idempotencyKey: `test-${randomUUID()}` }),
    ).rejects.toMatchObject({ param: 'line_items' });
    await expect(
      stripe().checkout.sessions.create(
        { ...base, customer_creation: 'always' },
        { idempotencyKey: `test-${randomUUID()}` },
      ),
    ).rejects.toMatchObject({ message: 'Received unknown parameter: customer_creation' });
    // Not Stripe's rule but ours: every money call carries an idempotency key.
    await expect(stripe().checkout.sessions.create(base)).rejects.toMatchObject({
      message: expect.stringMatching(/Idempotency-Key/),
    });
  });

  test('refuses a wrong secret key', async () => {
    const wrong = new Stripe('sk_test_wrong', {
      host: '127.0.0.1',
      port: new URL(standIn.url).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(wrong.paymentIntents.retrieve('pi_x')).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});
