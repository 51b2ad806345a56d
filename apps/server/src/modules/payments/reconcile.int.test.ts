import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { earnings } from '../../db/schema';
import { expireMessages } from '../../flows';
import {
  createTestApp,
  fanAndCreator,
  ledgerOf,
  messageRow,
  paymentRow,
  sendPaidMessage,
  type TestApp,
  unbalancedTransactions,
  useTestApp,
} from '../../testing';
import { runJobsOnce } from '../../testing/jobs';
import { createLocalProvider } from './local/provider';
import type { PaymentProvider } from './provider';
import { reconcilePayments } from './reconcile-payments';

/** The local provider, with an outage switch: while down, every money call fails as a crash would leave it. */
function flakyProvider(): PaymentProvider & { down: boolean; calls: string[] } {
  const local = createLocalProvider(120);
  const provider = {
    ...local,
    down: false,
    calls: [] as string[],
    async capture(payment: Parameters<PaymentProvider['capture']>[0]) {
      provider.calls.push(`capture:${payment.id}`);
      if (provider.down) throw new Error('provider unreachable');
      return local.capture(payment);
    },
    async release(payment: Parameters<PaymentProvider['release']>[0]) {
      provider.calls.push(`release:${payment.id}`);
      if (provider.down) throw new Error('provider unreachable');
      return local.release(payment);
    },
  };
  return provider;
}

const HOUR = 3_600_000;

describe('the reconciler and the outbox', () => {
  const provider = flakyProvider();
  const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' }, payments: provider });

  test('finishes a capture the provider failed after the reply, exactly once', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const { messageId, paymentId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    provider.down = true;
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${messageId}/reply`,
      headers: { cookie: creatorCookie },
      payload: { content: 'Answered while the provider is down.' },
    });
    expect(reply.statusCode).toBe(200);
    expect((await messageRow(t.database.db, messageId)).status).toBe('responded');
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('authorized');
    await runJobsOnce(t.app);
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('authorized');

    provider.down = false;
    await Promise.all([reconcilePayments(t.app), reconcilePayments(t.app)]);
    await runJobsOnce(t.app);
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('succeeded');
    expect(await t.database.db.select().from(earnings).where(eq(earnings.messageId, messageId))).toHaveLength(1);
    expect((await ledgerOf(t.database.db, paymentId)).filter((l) => l.kind === 'capture')).toHaveLength(3);
  });

  test('finishes a release the provider failed after expiry', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const { messageId, paymentId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    provider.down = true;
    t.clock.advance(25 * HOUR);
    await expireMessages(t.app);
    expect((await messageRow(t.database.db, messageId)).status).toBe('refunded');
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('authorized');
    provider.down = false;
    await runJobsOnce(t.app);
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('canceled');
    expect(await unbalancedTransactions(t.database.db)).toBe(0);
  });

  test('cancels a checkout nobody completed within an hour', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { cookie: fanCookie },
      payload: { recipientId: creator.id, messageContent: 'Never paid for, this one.' },
    });
    const paymentId = (started.json().url as string).split('/').pop() ?? '';
    t.clock.advance(30 * 60_000);
    await reconcilePayments(t.app);
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('pending');
    t.clock.advance(31 * 60_000);
    await reconcilePayments(t.app);
    const payment = await paymentRow(t.database.db, paymentId);
    expect(payment.status).toBe('canceled');
    expect((await messageRow(t.database.db, payment.messageId ?? '')).status).toBe('cancelled');
  });
});

describe('windows longer than a card hold: charge at once, refund on expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The 24-hour window outlasts a 1-hour hold.
    t = await createTestApp({ env: { AUTH_IP_LIMIT: '10000', PAYMENT_HOLD_HOURS: '1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  test('paid at send, earned at reply', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const { messageId, paymentId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('succeeded');
    expect(await t.database.db.select().from(earnings).where(eq(earnings.messageId, messageId))).toHaveLength(0);
    await t.app.inject({
      method: 'POST',
      url: `/api/messages/${messageId}/reply`,
      headers: { cookie: creatorCookie },
      payload: { content: 'An answer for a long window.' },
    });
    expect(await t.database.db.select().from(earnings).where(eq(earnings.messageId, messageId))).toHaveLength(1);
  });

  test('refunded in full when the window runs out', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const { paymentId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    t.clock.advance(25 * HOUR);
    await expireMessages(t.app);
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('refunded');
    const refund = (await ledgerOf(t.database.db, paymentId)).filter((l) => l.kind === 'refund');
    expect(refund.map((l) => l.amount).sort((a, b) => a - b)).toEqual([-2500, 2500]);
  });
});
