import { MESSAGE_MESSAGES } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { notifications, profiles } from '../../db/schema';
import {
  fanAndCreator,
  ledgerOf,
  messageRow,
  payLocal,
  paymentRow,
  SAMPLE_MESSAGE,
  setPlatformSetting,
  unbalancedTransactions,
  useTestApp,
} from '../../testing';

// Security review L3: a checkout may be paid up to an hour after it started. Paying re-checks what
// starting it checked; a stale checkout is refused and nothing reaches the creator.
const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

async function startedCheckout() {
  const pair = await fanAndCreator(t.app, t.database.db, { messagePrice: 2500 });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { cookie: pair.fanCookie },
    payload: { recipientId: pair.creator.id, messageContent: SAMPLE_MESSAGE },
  });
  expect(response.statusCode).toBe(200);
  const paymentId = (response.json().url as string).split('/').pop() ?? '';
  return { ...pair, paymentId };
}

async function expectRefused(started: Awaited<ReturnType<typeof startedCheckout>>, message: string) {
  const pay = await payLocal(t.app, started.fanCookie, started.paymentId);
  expect(pay.statusCode).toBe(409);
  expect(pay.json().error.message).toBe(message);
  const payment = await paymentRow(t.database.db, started.paymentId);
  expect(payment.status).toBe('canceled');
  // No hold was booked, the message never went live, the creator heard nothing.
  expect(await ledgerOf(t.database.db, started.paymentId)).toEqual([]);
  expect((await messageRow(t.database.db, payment.messageId ?? '')).status).toBe('cancelled');
  const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, started.creator.id));
  expect(told).toEqual([]);
  const inbox = await t.app.inject({
    method: 'GET',
    url: '/api/conversations',
    headers: { cookie: started.creatorCookie },
  });
  expect(inbox.json().conversations).toEqual([]);
  expect(await unbalancedTransactions(t.database.db)).toBe(0);
  // Paying again does not sneak it through.
  expect((await payLocal(t.app, started.fanCookie, started.paymentId)).statusCode).toBe(409);
}

describe('paying a checkout started earlier', () => {
  test('is refused once the creator stopped taking messages', async () => {
    const started = await startedCheckout();
    await t.database.db.update(profiles).set({ isAvailable: false }).where(eq(profiles.id, started.creator.id));
    await expectRefused(started, MESSAGE_MESSAGES.unavailable);
  });

  test('is refused once the creator’s price changed', async () => {
    const started = await startedCheckout();
    await t.database.db.update(profiles).set({ messagePrice: 9900 }).where(eq(profiles.id, started.creator.id));
    await expectRefused(started, MESSAGE_MESSAGES.priceChanged);
  });

  test('is refused during maintenance', async () => {
    const started = await startedCheckout();
    const setMaintenance = (value: boolean) => setPlatformSetting(t.database.db, 'maintenance_mode', value);
    await setMaintenance(true);
    try {
      await expectRefused(started, MESSAGE_MESSAGES.maintenance);
    } finally {
      await setMaintenance(false);
    }
  });

  test('still goes through when nothing changed', async () => {
    const started = await startedCheckout();
    const pay = await payLocal(t.app, started.fanCookie, started.paymentId);
    expect(pay.statusCode).toBe(200);
    expect((await paymentRow(t.database.db, started.paymentId)).status).toBe('authorized');
  });
});
