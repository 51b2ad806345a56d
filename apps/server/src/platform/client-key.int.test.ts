import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_STREAMS_PER_ADDRESS, MAX_STREAMS_PER_USER } from '../modules/realtime';
import { CONTACT_LIMITS_PER_HOUR } from '../modules/support/submit-contact-message';
import { connectSse, createUser, type SseClient, signIn, unique, useTestApp } from '../testing';

// Security review F1: behind a trusted proxy, two addresses of one IPv6 /64 are one client for every
// per-address limit and lease, and an IPv4-mapped IPv6 address is the IPv4 address. Each test uses
// a /64 of its own, so the limits do not leak across tests.
const AUTH_IP_LIMIT = 3;
const t = useTestApp({
  env: { TRUST_PROXY: '127.0.0.1,::1', AUTH_IP_LIMIT: String(AUTH_IP_LIMIT), VITALS_IP_LIMIT: '3' },
});
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.app.close();
});

let nextNet = 1;
/** Two addresses of a fresh /64, as one IPv6 host holds them. */
const sameHost = () => {
  const prefix = `2001:db8:77:${(nextNet++).toString(16)}`;
  return [`${prefix}::1`, `${prefix}::2`] as const;
};
const from = (forwardedFor: string) => ({ 'x-forwarded-for': forwardedFor });

const call = (method: 'GET' | 'POST', url: string, forwardedFor: string, payload?: object) =>
  t.app.inject({ method, url, headers: from(forwardedFor), ...(payload ? { payload } : {}) });

describe('one client key for every limiter (security review F1)', () => {
  test('sign-in: 2001:db8:77::1 uses up the per-address budget, ::2 of its /64 is refused too', async () => {
    const [first, second] = sameHost();
    for (let i = 0; i < AUTH_IP_LIMIT; i++) {
      const response = await call('POST', '/api/auth/sign-in', first, {
        email: `${unique('nobody')}@example.test`,
        password: 'wrong-password',
      });
      expect(response.statusCode).toBe(401);
    }
    const next = await call('POST', '/api/auth/sign-in', second, { email: 'nobody@example.org', password: 'x' });
    expect(next.statusCode).toBe(429);
    expect(next.headers['retry-after']).toBeDefined();
  });

  test('sign-in: an IPv4-mapped IPv6 address and its IPv4 address share the budget', async () => {
    for (let i = 0; i < AUTH_IP_LIMIT; i++) {
      const response = await call('POST', '/api/auth/sign-in', '::ffff:203.0.113.77', {
        email: `${unique('nobody')}@example.test`,
        password: 'wrong-password',
      });
      expect(response.statusCode).toBe(401);
    }
    const plain = await call('POST', '/api/auth/sign-in', '203.0.113.77', { email: 'a@example.org', password: 'x' });
    expect(plain.statusCode).toBe(429);
  });

  test('sign-up, forgot-password and resend-confirmation: one budget for the /64', async () => {
    const [first, second] = sameHost();
    for (let i = 0; i < AUTH_IP_LIMIT; i++) {
      const response = await call('POST', '/api/auth/forgot-password', first, { email: `${unique('f')}@example.test` });
      expect(response.statusCode).toBe(202);
    }
    const next = await call('POST', '/api/auth/resend-confirmation', second, { email: `${unique('f')}@example.test` });
    expect(next.statusCode).toBe(429);
  });

  test('the contact form: one budget for the /64', async () => {
    const [first, second] = sameHost();
    const message = () => ({
      name: 'Ada',
      email: `${unique('c')}@example.test`,
      subject: 'Hello',
      message: 'A question about my account.',
    });
    for (let i = 0; i < CONTACT_LIMITS_PER_HOUR.perAddress; i++)
      expect((await call('POST', '/api/support/messages', first, message())).statusCode).toBe(201);
    expect((await call('POST', '/api/support/messages', second, message())).statusCode).toBe(429);
  });

  test('route limits counted in rate_limit_buckets (Web Vitals): one budget for the /64', async () => {
    const [first, second] = sameHost();
    const beacon = (forwardedFor: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/vitals',
        headers: { ...from(forwardedFor), 'content-type': 'application/json' },
        payload: '{}',
      });
    for (let i = 0; i < 3; i++) expect((await beacon(first)).statusCode).toBe(400);
    const next = await beacon(second);
    expect(next.statusCode).toBe(429);
    expect(next.headers['retry-after']).toBeDefined();
  });

  test('the 404 limiter of unknown API paths: one budget for the /64', async () => {
    const [first, second] = sameHost();
    for (let i = 0; i < 60; i++) expect((await call('GET', `/api/probe-${i}`, first)).statusCode).toBe(404);
    expect((await call('GET', '/api/probe-next', second)).statusCode).toBe(429);
  });

  test('stream leases: the /64 holds the per-address cap, whichever of its addresses opens them', async () => {
    const streams: SseClient[] = [];
    const [, second] = sameHost();
    const prefix = second.replace(/::2$/, '');
    try {
      for (let u = 0; u < MAX_STREAMS_PER_ADDRESS / MAX_STREAMS_PER_USER; u++) {
        const user = await createUser(t.database.db);
        const cookie = await signIn(t.app, user.email ?? '');
        for (let i = 0; i < MAX_STREAMS_PER_USER; i++)
          streams.push(await connectSse(baseUrl, cookie, from(`${prefix}::${(u * 10 + i + 10).toString(16)}`)));
      }
      const user = await createUser(t.database.db);
      const cookie = await signIn(t.app, user.email ?? '');
      const refused = await fetch(`${baseUrl}/api/events`, { headers: { ...from(second), cookie } });
      expect(refused.status).toBe(429);
      await refused.body?.cancel();
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
