import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { notifications } from '../db/schema';
import { createAdmin, createTestApp, createUser, signIn, type TestApp, useTestApp } from '../testing';
import { STRIPE_WEBHOOK_SECRET, stripeEnv } from '../testing/stripe/kit';

// Security review 2026-11-28, F8 and I1–I7: each small hardening through HTTP on a real database.
const t = useTestApp({ env: { AUTH_IP_LIMIT: '1000' } });
let baseUrl: string;
let fanCookie: string;
let fanId: string;
beforeAll(async () => {
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const fan = await createUser(t.database.db);
  fanId = fan.id;
  fanCookie = await signIn(t.app, fan.email ?? '');
});

const base64url = (bytes: number) => randomBytes(bytes).toString('base64url');
const subscription = (endpoint: string) => ({ endpoint, keys: { p256dh: base64url(65), auth: base64url(16) } });

describe('F8: push endpoints on the push services use https’s own port', () => {
  test('another port on an allowed host is refused; the default port (written or not) is taken', async () => {
    const refused = await t.post(
      '/api/push/subscriptions',
      fanCookie,
      subscription('https://fcm.googleapis.com:6379/fcm/send/abc'),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/default https port/);
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/f8a', 'https://fcm.googleapis.com:443/fcm/send/f8b'])
      expect((await t.post('/api/push/subscriptions', fanCookie, subscription(endpoint))).statusCode).toBe(204);
  });
});

describe('I1: the API reference in production is for admins only', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp({
      database: t.database,
      env: { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', AUTH_IP_LIMIT: '1000' },
    });
  });
  afterAll(async () => {
    await production.app.close();
  });

  test('anonymous callers and fans get 404 for the UI and the document; an admin reads them', async () => {
    const get = (url: string, cookie?: string) =>
      production.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    const fan = await createUser(t.database.db);
    const fanSession = await signIn(production.app, fan.email ?? '');
    for (const url of ['/api/docs/json', '/api/docs/yaml', '/api/docs', '/api/docs/static/index.html']) {
      expect((await get(url)).statusCode, url).toBe(404);
      expect((await get(url, fanSession)).statusCode, url).toBe(404);
    }
    const admin = await createAdmin(t.database.db, 'admin');
    const adminSession = await signIn(production.app, admin.email ?? '');
    const document = await get('/api/docs/json', adminSession);
    expect(document.statusCode).toBe(200);
    expect(Object.keys(document.json().paths)).toContain('/api/admin/users');
  });

  test('outside production the reference stays public (development)', async () => {
    expect((await t.get('/api/docs/json')).statusCode).toBe(200);
  });
});

describe('I2: the event stream carries the security headers', () => {
  test('nosniff, CSP, Permissions-Policy, frame and referrer policies on text/event-stream', async () => {
    const controller = new AbortController();
    try {
      const response = await fetch(`${baseUrl}/api/events`, {
        headers: { cookie: fanCookie, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    } finally {
      controller.abort();
    }
  });
});

describe('I3: X-Request-Id is taken only from a trusted proxy', () => {
  test('without TRUST_PROXY a client’s id is replaced by ours', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'attacker-chosen-id-0001' },
    });
    expect(response.headers['x-request-id']).not.toBe('attacker-chosen-id-0001');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('behind a trusted proxy its id follows the request; from an untrusted peer it does not', async () => {
    const proxied = await createTestApp({ database: t.database, env: { TRUST_PROXY: '10.0.0.1' } });
    try {
      const from = (remoteAddress: string) =>
        proxied.app.inject({
          method: 'GET',
          url: '/api/health',
          remoteAddress,
          headers: { 'x-request-id': 'proxy-chosen-id-0001' },
        });
      expect((await from('10.0.0.1')).headers['x-request-id']).toBe('proxy-chosen-id-0001');
      expect((await from('10.0.0.2')).headers['x-request-id']).not.toBe('proxy-chosen-id-0001');
    } finally {
      await proxied.app.close();
    }
  });
});

describe('I4: someone else’s notification id answers 404', () => {
  test('a foreign id is 404 and stays unread; the owner marks it read (204), twice too', async () => {
    const owner = await createUser(t.database.db);
    const [row] = await t.database.db
      .insert(notifications)
      .values({ userId: owner.id, type: 'new_message', title: 'New message', body: 'Hello' })
      .returning({ id: notifications.id });
    const id = row?.id ?? '';
    const foreign = await t.post(`/api/notifications/${id}/read`, fanCookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    const ownerCookie = await signIn(t.app, owner.email ?? '');
    const list = await t.get('/api/notifications', ownerCookie);
    expect(list.json().notifications.find((n: { id: string }) => n.id === id)?.isRead).toBe(false);
    expect((await t.post(`/api/notifications/${id}/read`, ownerCookie)).statusCode).toBe(204);
    expect((await t.post(`/api/notifications/${id}/read`, ownerCookie)).statusCode).toBe(204);
    expect(fanId).not.toBe(owner.id);
  });
});

describe('I5: one webhook secret for both Stripe endpoints is refused at start', () => {
  test('STRIPE_WEBHOOK_SECRET equal to STRIPE_CONNECT_WEBHOOK_SECRET stops the start', async () => {
    await expect(
      createTestApp({
        database: t.database,
        env: stripeEnv('http://127.0.0.1:9', { STRIPE_CONNECT_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET }),
      }),
    ).rejects.toThrow(/must differ/);
  });
});

describe('I6: a body type a route does not take is 415 UNSUPPORTED_MEDIA_TYPE', () => {
  test('XML to sign-in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/xml' },
      payload: '<sign-in/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', requestId: expect.any(String) });
  });
});

describe('I7: a Permissions-Policy on every response', () => {
  test('API answers, errors, a 404 and a write all carry it', async () => {
    const responses = [
      await t.get('/api/health'),
      await t.get('/api/notifications'),
      await t.get('/api/no-such-route'),
      await t.post('/api/auth/sign-in', undefined, { email: 'x@example.test', password: 'wrong' }),
      await t.get('/api/auth/session', fanCookie),
    ];
    for (const response of responses) {
      const policy = String(response.headers['permissions-policy'] ?? '');
      expect(policy).toContain('camera=()');
      expect(policy).toContain('microphone=()');
      expect(policy).toContain('geolocation=()');
    }
  });
});
