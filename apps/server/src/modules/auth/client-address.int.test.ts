import { describe, expect, test } from 'vitest';
import { createTestApp, createUser, TEST_PASSWORD, type TestApp, useTestApp } from '../../testing';

// The client's address drives the per-address limits. With no proxy configured, X-Forwarded-For is
// whatever the client wants it to be, so it must be ignored (security review M1).
const t = useTestApp({ env: { AUTH_IP_LIMIT: '30' } });

const signInFrom = (app: TestApp['app'], email: string, forwardedFor: string, password = 'wrong-password') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress: '10.77.0.1',
  });

describe('client address', () => {
  test('by default a rotating X-Forwarded-For does not escape the per-address sign-in limit', async () => {
    const codes: number[] = [];
    for (let i = 1; i <= 40; i++)
      codes.push((await signInFrom(t.app, `spray${i}@example.test`, `203.0.113.${i}`)).statusCode);
    expect(codes.slice(0, 30).every((code) => code === 401)).toBe(true);
    expect(codes.slice(30)).toEqual(Array(10).fill(429));
    // A real sign-in from that client, even with a made-up forwarded address, is also held back.
    const user = await createUser(t.database.db);
    expect((await signInFrom(t.app, user.email ?? '', '198.51.100.7', TEST_PASSWORD)).statusCode).toBe(429);
  });

  test('by default the /api 404 limiter ignores X-Forwarded-For too', async () => {
    let last = 0;
    for (let i = 0; i < 61; i++) {
      last = (
        await t.app.inject({
          method: 'GET',
          url: `/api/probe-${i}`,
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
          remoteAddress: '10.77.0.2',
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });

  test('with TRUST_PROXY=1 the proxy’s X-Forwarded-For is the client address', async () => {
    const behindProxy = await createTestApp({ database: t.database, env: { TRUST_PROXY: '1', AUTH_IP_LIMIT: '30' } });
    try {
      const codes: number[] = [];
      for (let i = 1; i <= 40; i++) {
        codes.push((await signInFrom(behindProxy.app, `proxied${i}@example.test`, `198.18.1.${i}`)).statusCode);
      }
      expect(codes).toEqual(Array(40).fill(401));
      // One forwarded address is still limited on its own.
      const same: number[] = [];
      for (let i = 1; i <= 31; i++) {
        same.push((await signInFrom(behindProxy.app, `same${i}@example.test`, '198.18.2.1')).statusCode);
      }
      expect(same.at(-1)).toBe(429);
    } finally {
      await behindProxy.app.close();
    }
  });
});
