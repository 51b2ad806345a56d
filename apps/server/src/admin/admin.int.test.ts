import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SETTING_DEFAULTS } from '../modules/settings';
import {
  createAdmin,
  createCreator,
  createUser,
  fanAndCreator,
  messageRow,
  paymentRow,
  type SmtpCapture,
  sendPaidMessage,
  signIn,
  startSmtpCapture,
  useTestApp,
} from '../testing';

// Settings are platform-wide: this file has a database of its own (test-app.ts), and every test
// that changes them puts the defaults back.
let adminCookie: string;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
});
const t = useTestApp(() => ({
  env: { SMTP_URL: smtp.url, AUTH_IP_LIMIT: '10000', REQUIRE_EMAIL_CONFIRMATION: 'false' },
}));
beforeAll(async () => {
  const admin = await createAdmin(t.database.db);
  adminCookie = await signIn(t.app, admin.email ?? '');
});

const putSettings = (payload: unknown, cookie = adminCookie) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: payload as object });

async function withSettings(change: Partial<typeof SETTING_DEFAULTS>, run: () => Promise<void>) {
  t.clock.advance(1000);
  const saved = await putSettings({ ...SETTING_DEFAULTS, ...change });
  expect(saved.statusCode).toBe(200);
  try {
    await run();
  } finally {
    expect((await putSettings(SETTING_DEFAULTS)).statusCode).toBe(200);
  }
}

describe('the /api/admin guard', () => {
  test('every admin route refuses a visitor (401), a fan and a creator (403)', async () => {
    await t.app.ready();
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
    // The list comes from the registered routes; make sure it is not empty by accident.
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const fan = await createUser(t.database.db);
    const creator = await createCreator(t.database.db);
    const fanCookie = await signIn(t.app, fan.email ?? '');
    const creatorCookie = await signIn(t.app, creator.email ?? '');
    const url = (path: string) => path.replace(/\{[^}]+\}/g, fan.id);
    for (const route of routes) {
      const call = (cookie?: string) =>
        t.app.inject({
          method: route.method as 'GET',
          url: url(route.path),
          headers: cookie ? { cookie } : {},
          payload: route.method === 'GET' ? undefined : {},
        });
      expect((await call()).statusCode, `${route.method} ${route.path} as visitor`).toBe(401);
      for (const cookie of [fanCookie, creatorCookie]) {
        const refused = await call(cookie);
        expect(refused.statusCode, `${route.method} ${route.path}`).toBe(403);
        expect(refused.json().error.message).toBe('Access denied. Admin privileges required.');
      }
    }
  });

  test('an admin who is not super admin cannot make creators or feature', async () => {
    const plain = await createAdmin(t.database.db, 'admin');
    const cookie = await signIn(t.app, plain.email ?? '');
    const user = await createUser(t.database.db);
    const make = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/make-creator`,
      headers: { cookie },
    });
    expect(make.statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } });
    expect(list.statusCode).toBe(200);
  });
});

describe('users', () => {
  test('make creator, feature (the landing carousel shows them), edit; each change is audited', async () => {
    const user = await createUser(t.database.db, { displayName: 'Promoted Person' });
    const headers = { cookie: adminCookie };
    // The audit lists newest first: a second between changes keeps their order certain.
    t.clock.advance(1000);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/make-creator`, headers })).statusCode,
    ).toBe(200);
    t.clock.advance(1000);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/admin/users/${user.id}/featured`,
          headers,
          payload: { featured: true },
        })
      ).statusCode,
    ).toBe(200);
    const featured = await t.app.inject({ method: 'GET', url: '/api/creators/featured' });
    expect(JSON.stringify(featured.json())).toContain(user.username);

    t.clock.advance(1000);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${user.id}`,
      headers,
      payload: { messagePriceDollars: 40, bio: 'Edited by an admin' },
    });
    expect(edit.statusCode).toBe(200);
    const tooCheap = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${user.id}`,
      headers,
      payload: { messagePriceDollars: 2 },
    });
    expect(tooCheap.statusCode).toBe(400);
    expect(tooCheap.json().error.fields).toHaveProperty('messagePriceDollars');

    const found = await t.app.inject({ method: 'GET', url: `/api/admin/users?search=${user.username}`, headers });
    const row = found.json().users[0];
    expect(row).toMatchObject({ isCreator: true, isFeatured: true, messagePrice: 4000, bio: 'Edited by an admin' });

    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit?limit=3', headers });
    expect(audit.json().entries.map((e: { action: string }) => e.action)).toEqual([
      'user.edit',
      'user.feature',
      'user.make_creator',
    ]);
    expect(audit.json().entries[0]).toMatchObject({ before: { messagePrice: 2500 }, after: { messagePrice: 4000 } });
  });
});

describe('settings', () => {
  test('bad values are a 400 naming the field', async () => {
    const bad = async (change: Record<string, unknown>, field: string) => {
      const response = await putSettings({ ...SETTING_DEFAULTS, ...change });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toContain(field);
    };
    await bad({ commission_rate: 51 }, 'commission_rate');
    await bad({ commission_rate: 12.5 }, 'commission_rate');
    await bad({ message_expiration_hours: 0 }, 'message_expiration_hours');
    await bad({ message_expiration_hours: 169 }, 'message_expiration_hours');
    await bad({ default_message_price: 1001 }, 'default_message_price');
    await bad({ min_message_price: 600 }, 'min_message_price');
    await bad({ max_message_price: 10001 }, 'max_message_price');
    await bad({ maintenance_mode: 'yes' }, 'maintenance_mode');
  });

  test('a save is audited and the public config follows it at once', async () => {
    await withSettings({ commission_rate: 30, message_expiration_hours: 48, min_message_price: 10 }, async () => {
      const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
      expect(config).toMatchObject({
        responseWindowHours: 48,
        commissionPercent: 30,
        creatorSharePercent: 70,
        price: { minDollars: 10, maxDollars: 500 },
        paymentMode: 'hold',
      });
      const audit = await t.app.inject({
        method: 'GET',
        url: '/api/admin/audit?limit=1',
        headers: { cookie: adminCookie },
      });
      expect(audit.json().entries[0]).toMatchObject({
        action: 'settings.update',
        before: { commission_rate: 25, message_expiration_hours: 24, min_message_price: 10 - 5 },
        after: { commission_rate: 30, message_expiration_hours: 48, min_message_price: 10 },
      });
    });
  });

  test('commission_rate: new payments split at the new rate, earlier ones keep theirs', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const earlier = await sendPaidMessage(t.app, fanCookie, creator.id);
    await withSettings({ commission_rate: 30 }, async () => {
      const later = await sendPaidMessage(t.app, fanCookie, creator.id);
      expect(await paymentRow(t.database.db, later.paymentId)).toMatchObject({
        amountCreator: 1750,
        amountPlatformFee: 750,
      });
    });
    expect(await paymentRow(t.database.db, earlier.paymentId)).toMatchObject({
      amountCreator: 1875,
      amountPlatformFee: 625,
    });
  });

  test('message_expiration_hours: the window of a new message', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    await withSettings({ message_expiration_hours: 48 }, async () => {
      const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
      const row = await messageRow(t.database.db, messageId);
      expect((row.expiresAt?.getTime() ?? 0) - (row.paidAt?.getTime() ?? 0)).toBe(48 * 3600_000);
    });
  });

  test('maintenance_mode: new checkouts are refused and the config says so', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    await withSettings({ maintenance_mode: true }, async () => {
      await expect(sendPaidMessage(t.app, fanCookie, creator.id)).rejects.toThrow(/403/);
      expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().maintenanceMode).toBe(true);
    });
  });

  test('new_user_registration and default_message_price: sign-up is refused when off; a new profile starts at the default', async () => {
    const signUp = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: {
          email: `${username}@example.test`,
          password: 'secret-123',
          displayName: 'New Person',
          username,
          accountType: 'customer',
        },
      });
    await withSettings({ new_user_registration: false }, async () => {
      const refused = await signUp(`closed_${Date.now()}`);
      expect(refused.statusCode).toBe(403);
    });
    await withSettings({ default_message_price: 40 }, async () => {
      const created = await signUp(`open_${Date.now()}`);
      expect(created.statusCode).toBe(201);
      const id = created.json().user.id;
      const found = await t.app.inject({
        method: 'GET',
        url: `/api/admin/users?search=${created.json().user.username}`,
        headers: { cookie: adminCookie },
      });
      expect(found.json().users.find((u: { id: string }) => u.id === id).messagePrice).toBe(4000);
    });
  });
});

describe('settings that gate who can be messaged and what is mailed', () => {
  test('require_creator_verification: an unverified creator cannot receive paid messages while on, can when off', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db, { threadsOnboardingCompleted: false });
    await expect(sendPaidMessage(t.app, fanCookie, creator.id)).rejects.toThrow(/409/);
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().requireCreatorVerification).toBe(true);
    await withSettings({ require_creator_verification: false }, async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().requireCreatorVerification).toBe(false);
      await sendPaidMessage(t.app, fanCookie, creator.id);
    });
  });

  test('email_notifications: the new-message mail goes out only while on', async () => {
    const quiet = await fanAndCreator(t.app, t.database.db);
    await withSettings({ email_notifications: false }, async () => {
      await sendPaidMessage(t.app, quiet.fanCookie, quiet.creator.id);
    });
    const loud = await fanAndCreator(t.app, t.database.db);
    await sendPaidMessage(t.app, loud.fanCookie, loud.creator.id);
    await smtp.waitFor(loud.creator.email ?? '');
    expect(smtp.mails.some((mail) => mail.to.includes(quiet.creator.email ?? '-'))).toBe(false);
  });
});

test('auto_moderation: a paid message matching the blocklist is flagged into the queue while on, not when off', async () => {
  const pendingReports = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: adminCookie } })).json()
      .pendingReports as number;
  const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
  const before = await pendingReports();
  await sendPaidMessage(t.app, fanCookie, creator.id, 'Could we settle this over Venmo instead of here?');
  expect(await pendingReports()).toBe(before + 1);
  await sendPaidMessage(t.app, fanCookie, creator.id, 'A perfectly ordinary question about my training.');
  expect(await pendingReports()).toBe(before + 1);
  await withSettings({ auto_moderation: false }, async () => {
    await sendPaidMessage(t.app, fanCookie, creator.id, 'Could we settle this over Venmo instead of here?');
    expect(await pendingReports()).toBe(before + 1);
  });
});
