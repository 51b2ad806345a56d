import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { idempotencyKeys, payments } from './db/schema';
import { createSession } from './modules/auth';
import { loadConfig } from './platform/config';
import { fanAndCreator, SAMPLE_MESSAGE, TEST_PASSWORD, useTestApp } from './testing';

/**
 * Issue 38 §3 and §6 (decision 0044): a production server at an https PUBLIC_URL answers only its
 * own host, takes writes only from its own origin, names its session cookie `__Host-` and carries
 * older sessions over; payment writes with an Idempotency-Key are answered once.
 */
const PUBLIC_URL = 'https://fanline.example';
const HOST = 'fanline.example';
const t = useTestApp({
  env: { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', PUBLIC_URL, AUTH_IP_LIMIT: '10000' },
});

/** Requests reach this app as they would through HAProxy: Host is the public one unless a test says otherwise. */
function sendPublicHost(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  (app as unknown as { inject: (...args: unknown[]) => unknown }).inject = (opts: unknown, ...rest: unknown[]) => {
    if (typeof opts !== 'object' || opts === null) return inject(opts, ...rest);
    const headers = (opts as { headers?: Record<string, unknown> }).headers ?? {};
    return inject({ ...opts, headers: { host: HOST, ...headers } }, ...rest);
  };
}

beforeAll(() => {
  sendPublicHost(t.app);
});

const signUp = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers,
    payload: {
      email: `edge-${Math.random().toString(36).slice(2, 10)}@example.test`,
      username: `edge_${Math.random().toString(36).slice(2, 10)}`,
      displayName: 'Edge Tester',
      password: 'edge-password-1',
      intendedAccountType: 'customer',
    },
  });

describe('PUBLIC_URL in production', () => {
  test('an http:// PUBLIC_URL refuses to start and says why; a lab opts in by name', () => {
    const base = { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', DATA_DIR: t.config.dataDir };
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'http://fanline.example' })).toThrow(
      /PUBLIC_URL: must be an https:\/\/ address in production .*session cookie and passwords.*ALLOW_HTTP_PUBLIC_URL=true/,
    );
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://lab.internal', ALLOW_HTTP_PUBLIC_URL: 'true' }).publicUrl).toBe(
      'http://lab.internal',
    );
  });

  test('a request for another host gets 421 (DNS rebinding); the health checks answer at any address', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'evil.example' } });
    expect(page.statusCode).toBe(421);
    expect(page.json().error.code).toBe('MISDIRECTED_REQUEST');
    const api = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { host: 'evil.example:443' } });
    expect(api.statusCode).toBe(421);
    // The review's request: Host evil + a matching Origin → no account (was 201).
    const rebound = await signUp({ host: 'evil.example', origin: 'https://evil.example' });
    expect(rebound.statusCode).toBe(421);
    // What HAProxy's checks and an orchestrator send: the instance's own address, or no Host.
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready', headers: { host: '10.0.0.21:3101' } });
    expect(ready.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live', headers: { host: '' } })).statusCode).toBe(
      200,
    );
    // The public host, with or without a port, is served.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { host: `${HOST}:443` } })).statusCode,
    ).toBe(200);
  });

  test("the Origin check compares with PUBLIC_URL's origin, not with the request's Host", async () => {
    const foreign = await signUp({ origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('FORBIDDEN');
    // http instead of https is another origin.
    expect((await signUp({ origin: 'http://fanline.example' })).statusCode).toBe(403);
    expect((await signUp({ origin: PUBLIC_URL })).statusCode).toBe(201);
  });
});

describe('the session cookie', () => {
  test('is __Host- prefixed: Secure, Path=/, no Domain', async () => {
    const { fan } = await fanAndCreator(t.app, t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: fan.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = [response.headers['set-cookie']].flat().find((c) => c?.startsWith('__Host-fanline_session=')) ?? '';
    expect(cookie).toMatch(/; Path=\/;/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  test('a session under the old name is carried over on its next request: re-set under the new name, the old one cleared', async () => {
    const { fan } = await fanAndCreator(t.app, t.database.db);
    const { token } = await createSession({ db: t.database.db, clock: t.clock, userId: fan.id });
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `fanline_session=${token}` },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ id: fan.id });
    const set = [first.headers['set-cookie']].flat().filter((c): c is string => typeof c === 'string');
    expect(set.find((c) => c.startsWith(`__Host-fanline_session=${token};`))).toMatch(/Secure/);
    expect(set.find((c) => c.startsWith('fanline_session=;'))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    // The new cookie alone is the session from now on, and is not re-set.
    const next = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `__Host-fanline_session=${token}` },
    });
    expect(next.json().user).toMatchObject({ id: fan.id });
    expect(next.headers['set-cookie']).toBeUndefined();
    // An old cookie whose session is gone signs nobody in, and is cleared.
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: 'fanline_session=nope' },
    });
    expect(stale.json().user).toBeNull();
    expect([stale.headers['set-cookie']].flat().join()).toMatch(/^fanline_session=;/);
  });
});

describe('Idempotency-Key on payment writes', () => {
  test('a repeated checkout and pay with the same key are answered once, from the stored answer', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const checkout = (key: string, content = SAMPLE_MESSAGE) =>
      t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { cookie: fanCookie, 'idempotency-key': key },
        payload: { recipientId: creator.id, messageContent: content },
      });
    const first = await checkout('checkout-key-0001');
    expect(first.statusCode).toBe(200);
    const again = await checkout('checkout-key-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const paymentId = (first.json().url as string).split('/').pop() ?? '';
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    const mine = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.senderId, payment?.senderId ?? ''));
    expect(mine).toHaveLength(1);
    // The same key with another request is refused, and does nothing.
    const other = await checkout('checkout-key-0001', `${SAMPLE_MESSAGE} (different)`);
    expect(other.statusCode).toBe(409);
    expect(
      await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.senderId, payment?.senderId ?? '')),
    ).toHaveLength(1);

    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/checkout/local/${paymentId}/pay`,
        headers: { cookie: fanCookie, 'idempotency-key': 'pay-key-00000001' },
        payload: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Edge Fan' },
      });
    const paid = await pay();
    expect(paid.statusCode).toBe(200);
    const repaid = await pay();
    expect(repaid.json()).toEqual(paid.json());
    expect(repaid.headers['idempotent-replayed']).toBe('true');
  });

  test('a failed request frees its key, and a malformed key is refused', async () => {
    const { fanCookie } = await fanAndCreator(t.app, t.database.db);
    const send = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { cookie: fanCookie, 'idempotency-key': key },
        payload: { recipientId: '00000000-0000-4000-8000-000000000000', messageContent: SAMPLE_MESSAGE },
      });
    expect((await send('failing-key-0001')).statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(like(idempotencyKeys.key, '%:failing-key-0001'));
    expect(rows).toHaveLength(0);
    expect((await send('failing-key-0001')).statusCode).toBe(404);
    expect((await send('bad key!')).statusCode).toBe(400);
  });
});
