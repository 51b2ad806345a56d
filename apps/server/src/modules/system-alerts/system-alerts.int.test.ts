import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { adminUsers } from '../../db/schema';
import {
  connectLocalPayoutAccount,
  createAdmin,
  earnOnce,
  fanAndCreator,
  passFlagWindow,
  paymentRow,
  type SmtpCapture,
  sendPaidMessage,
  setPlatformSetting,
  startSmtpCapture,
  useTestApp,
} from '../../testing';
import { runJobsOnce } from '../../testing/jobs';
import { createLocalProvider } from '../payments';
import type { PaymentProvider } from '../payments/provider';
import { STUCK_AFTER_MS } from '.';

/** The local provider with an outage switch: while down, capture and release fail. */
function flakyProvider(): PaymentProvider & { down: boolean } {
  const local = createLocalProvider(120);
  const provider = {
    ...local,
    down: false,
    async capture(payment: Parameters<PaymentProvider['capture']>[0]) {
      if (provider.down) throw new Error('provider unreachable');
      return local.capture(payment);
    },
    async release(payment: Parameters<PaymentProvider['release']>[0]) {
      if (provider.down) throw new Error('provider unreachable');
      return local.release(payment);
    },
    payouts: {
      ...local.payouts,
      async transferEarning(...args: Parameters<PaymentProvider['payouts']['transferEarning']>) {
        if (provider.down) throw new Error('transfer endpoint unreachable');
        return local.payouts.transferEarning(...args);
      },
    },
  };
  return provider;
}

const HOUR = 3_600_000;
const provider = flakyProvider();
let smtp: SmtpCapture;
let admins: string[];
let retired: string;

beforeAll(async () => {
  smtp = await startSmtpCapture();
});
// After the SMTP capture's hooks: it starts first and closes once the app is closed.
afterAll(async () => {
  await smtp.close();
});
const t = useTestApp(() => ({ env: { SMTP_URL: smtp.url, AUTH_IP_LIMIT: '10000' }, payments: provider }));
beforeAll(async () => {
  const db = t.database.db;
  admins = [(await createAdmin(db)).email ?? '', (await createAdmin(db, 'admin')).email ?? ''];
  const former = await createAdmin(db, 'admin');
  await db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.userId, former.id));
  retired = former.email ?? '';
});
beforeEach(async () => {
  provider.down = false;
  await setPlatformSetting(t.database.db, 'system_alerts', true);
});

/** Alert mails about one payment, per recipient. */
const alertsAbout = (paymentId: string, to: string) =>
  smtp.mails.filter(
    (mail) => mail.to.includes(to) && mail.body.includes(paymentId) && mail.raw.includes('[Fanline alert]'),
  );

async function answeredWhileDown() {
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
  return paymentId;
}

describe('system alerts (setting system_alerts)', () => {
  test('a capture the provider keeps failing mails every active admin once, however often the reconciler retries', async () => {
    const paymentId = await answeredWhileDown();
    await runJobsOnce(t.app);
    await runJobsOnce(t.app);
    await runJobsOnce(t.app);
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('authorized');
    for (const admin of admins) {
      const mails = alertsAbout(paymentId, admin);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.raw).toContain('payment provider failed to capture a payment');
      expect(mails[0]?.body).toContain('provider unreachable');
    }
    expect(alertsAbout(paymentId, retired)).toHaveLength(0);
    provider.down = false;
    await runJobsOnce(t.app);
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('succeeded');
  });

  test('a hold still authorized past its deadline is reported as stuck, once', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const { paymentId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    provider.down = true;
    t.clock.advance(24 * HOUR + 60_000);
    await runJobsOnce(t.app);
    // The release failed (a provider alert) but the deadline has only just passed: not stuck yet.
    const stuck = (to: string) =>
      alertsAbout(paymentId, to).filter((mail) => mail.raw.includes('stuck past its deadline'));
    expect(stuck(admins[0] ?? '')).toHaveLength(0);
    expect(alertsAbout(paymentId, admins[0] ?? '')).toHaveLength(1);
    t.clock.advance(STUCK_AFTER_MS);
    await runJobsOnce(t.app);
    await runJobsOnce(t.app);
    for (const admin of admins) {
      expect(stuck(admin)).toHaveLength(1);
      expect(stuck(admin)[0]?.body).toContain('is still held');
    }
    provider.down = false;
    await runJobsOnce(t.app);
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('canceled');
  });

  test('a payout transfer the provider keeps failing mails every active admin once', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db, { messagePrice: 10_000 });
    await earnOnce(t.app, fanCookie, creator.id, creatorCookie);
    await earnOnce(t.app, fanCookie, creator.id, creatorCookie);
    await passFlagWindow(t.app, t.clock);
    await connectLocalPayoutAccount(t.app, creatorCookie);
    provider.down = true;
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/creator/payouts',
      headers: { cookie: creatorCookie },
    });
    expect(requested.statusCode).toBe(201);
    const payoutId: string = requested.json().id;
    t.clock.advance(2 * 60_000);
    await runJobsOnce(t.app);
    await runJobsOnce(t.app);
    for (const admin of admins) {
      const mails = alertsAbout(payoutId, admin);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.raw).toContain('payment provider failed a payout transfer');
    }
    provider.down = false;
    await runJobsOnce(t.app);
    const list = await t.app.inject({ method: 'GET', url: '/api/creator/payouts', headers: { cookie: creatorCookie } });
    expect(list.json().items[0]).toMatchObject({ id: payoutId, status: 'in_transit' });
  });

  test('with system alerts off, the same failures mail nobody', async () => {
    await setPlatformSetting(t.database.db, 'system_alerts', false);
    const paymentId = await answeredWhileDown();
    await runJobsOnce(t.app);
    t.clock.advance(25 * HOUR + STUCK_AFTER_MS);
    await runJobsOnce(t.app);
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('authorized');
    for (const admin of admins) expect(alertsAbout(paymentId, admin)).toHaveLength(0);
    provider.down = false;
    await runJobsOnce(t.app);
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('succeeded');
  });
});
