import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import { createTestApp, createUser, TEST_PASSWORD, useTestApp } from '../../testing';

// Security review N1: 22 addresses × 5 wrong passwords locked the owner (or an admin) out of
// sign-in everywhere, with a 429 that said nothing about when to come back. A browser that signed
// in before now keeps a budget of its own (OWASP's device cookie), and every 429 has Retry-After.
const t = useTestApp({ env: { AUTH_IP_LIMIT: '30' } });

const signInFrom = (email: string, password: string, remoteAddress: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });

/** The `name=value` of the device cookie a response sets. */
function deviceCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const raw = all.find((c) => c.startsWith('fanline_device='));
  if (!raw) throw new Error(`no device cookie in response ${response.statusCode}`);
  return raw.split(';')[0] ?? '';
}

function retryAfter(response: LightMyRequestResponse): number {
  return Number(response.headers['retry-after']);
}

describe('device cookies (OWASP)', () => {
  test('the owner signs in from a known browser while 22 other addresses fail against the account; unknown devices get 429 with Retry-After', async () => {
    const owner = await createUser(t.database.db);
    const email = owner.email ?? '';
    const first = await signInFrom(email, TEST_PASSWORD, '192.0.2.10');
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first);

    const codes: number[] = [];
    for (let a = 1; a <= 22; a++) {
      for (let i = 1; i <= 5; i++)
        codes.push((await signInFrom(email, `wrong-${a}-${i}`, `198.51.100.${a}`)).statusCode);
    }
    // The unknown devices' ceiling (20 × 5 failures) is reached: the last ones are refused.
    expect(codes.slice(0, 100).every((code) => code === 401)).toBe(true);
    expect(codes.slice(100)).toEqual(Array(10).fill(429));

    // A browser the account does not know, even with the right password, waits and is told how long.
    const unknown = await signInFrom(email, TEST_PASSWORD, '203.0.113.77');
    expect(unknown.statusCode).toBe(429);
    expect(retryAfter(unknown)).toBeGreaterThan(0);
    expect(retryAfter(unknown)).toBeLessThanOrEqual(15 * 60);

    // The owner's browser, from an address it never used, signs in.
    const again = await signInFrom(email, TEST_PASSWORD, '203.0.113.10', device);
    expect(again.statusCode, again.body).toBe(200);
  }, 240_000); // 110 password checks, each deliberately slow

  test('a known device has its own budget: five wrong passwords from it throttle only that device', async () => {
    const owner = await createUser(t.database.db);
    const email = owner.email ?? '';
    const device = deviceCookie(await signInFrom(email, TEST_PASSWORD, '192.0.2.20'));
    for (let i = 0; i < 5; i++)
      expect((await signInFrom(email, 'wrong', `198.51.101.${i}`, device)).statusCode).toBe(401);
    const locked = await signInFrom(email, TEST_PASSWORD, '198.51.101.9', device);
    expect(locked.statusCode).toBe(429);
    expect(retryAfter(locked)).toBeGreaterThan(0);
    // Another browser (no device cookie) is not affected by that device's failures.
    expect((await signInFrom(email, TEST_PASSWORD, '192.0.2.21')).statusCode).toBe(200);
  });

  test('a device cookie of another account, or a forged one, counts as an unknown device', async () => {
    const victim = await createUser(t.database.db);
    const attacker = await createUser(t.database.db);
    const email = victim.email ?? '';
    const attackersDevice = deviceCookie(await signInFrom(attacker.email ?? '', TEST_PASSWORD, '192.0.2.30'));
    const forged = `fanline_device=${'A'.repeat(22)}.${'B'.repeat(43)}`;
    // Five failures from one address with the attacker's own cookie lock that address out for the
    // victim's email, as for any unknown device; the forged cookie does no better.
    for (let i = 0; i < 5; i++) await signInFrom(email, 'wrong', '198.51.102.1', attackersDevice);
    expect((await signInFrom(email, 'wrong', '198.51.102.1', attackersDevice)).statusCode).toBe(429);
    expect((await signInFrom(email, 'wrong', '198.51.102.1', forged)).statusCode).toBe(429);
  });

  test('the cookie is HttpOnly, SameSite=Lax, long-lived, sent only to the auth routes, and Secure on https', async () => {
    const owner = await createUser(t.database.db);
    const response = await signInFrom(owner.email ?? '', TEST_PASSWORD, '192.0.2.40');
    const header = [response.headers['set-cookie']].flat().find((c) => c?.startsWith('fanline_device=')) ?? '';
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\/api\/auth/);
    expect(Number(/Max-Age=(\d+)/.exec(header)?.[1])).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect(header).not.toMatch(/; Secure/);
    const https = await createTestApp({ database: t.database, env: { PUBLIC_URL: 'https://fanline.example' } });
    try {
      const secure = await https.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: owner.email, password: TEST_PASSWORD },
        remoteAddress: '192.0.2.41',
      });
      expect([secure.headers['set-cookie']].flat().find((c) => c?.startsWith('fanline_device='))).toMatch(/; Secure/);
    } finally {
      await https.app.close();
    }
  });
});

describe('every 429 says when to come back (Retry-After)', () => {
  test('sign-in per address, sign-up and reset per address, the /api 404 limiter', async () => {
    let last: LightMyRequestResponse | undefined;
    for (let i = 1; i <= 31; i++) last = await signInFrom(`spray${i}@example.test`, 'wrong-password', '10.88.0.1');
    expect(last?.statusCode).toBe(429);
    expect(retryAfter(last as LightMyRequestResponse)).toBeGreaterThan(0);

    for (let i = 0; i < 6; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'someone@example.test' },
        remoteAddress: '10.88.0.2',
      });
    }
    expect(last?.statusCode).toBe(429);
    expect(retryAfter(last as LightMyRequestResponse)).toBeGreaterThan(0);

    for (let i = 0; i < 61; i++)
      last = await t.app.inject({ method: 'GET', url: `/api/nothing-${i}`, remoteAddress: '10.88.0.3' });
    expect(last?.statusCode).toBe(429);
    expect(retryAfter(last as LightMyRequestResponse)).toBeGreaterThan(0);
  });
});
