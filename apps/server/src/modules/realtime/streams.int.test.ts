import { beforeAll, describe, expect, test } from 'vitest';
import { connectSse, createUser, type SseClient, signIn, TEST_PASSWORD, useTestApp } from '../../testing';
import { issueToken } from '../auth/email-tokens';

// Security review M2 and L1: a bounded number of live streams, each ending with its session.
let baseUrl: string;
let nextAddress = 1;
/** Each test speaks from its own address (the loopback proxy is trusted), so caps do not leak across tests. */
const newAddress = () => ({ 'x-forwarded-for': `198.18.7.${nextAddress++}` });
const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000', TRUST_PROXY: '127.0.0.1,::1' } });
beforeAll(async () => {
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});

const openStream = (cookie: string, from: Record<string, string>) =>
  fetch(`${baseUrl}/api/events`, { headers: { ...from, cookie, accept: 'text/event-stream' } });
const signedIn = async () => {
  const user = await createUser(t.database.db);
  return { user, cookie: await signIn(t.app, user.email ?? '') };
};
const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
/** Resolves true if the stream ends within `ms`, false if it is still open. */
const endsWithin = (stream: SseClient, ms: number) =>
  Promise.race([stream.ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
const closeAll = (streams: SseClient[]) => {
  for (const stream of streams) stream.close();
};

describe('how many streams', () => {
  test('one user gets 6; the 7th is refused with 429 until one closes', async () => {
    const { cookie } = await signedIn();
    const from = newAddress();
    const streams: SseClient[] = [];
    try {
      for (let i = 0; i < 6; i++) streams.push(await connectSse(baseUrl, cookie, from));
      const refused = await openStream(cookie, from);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: unknown }).error).toMatchObject({ code: 'RATE_LIMITED' });
      streams.shift()?.close();
      await expect
        .poll(async () => {
          const response = await openStream(cookie, from);
          await response.body?.cancel();
          return response.status === 200 || 'refused';
        })
        .toBe(true);
    } finally {
      closeAll(streams);
    }
  });

  test('one address gets 12 across its users', async () => {
    const from = newAddress();
    const streams: SseClient[] = [];
    try {
      for (let u = 0; u < 2; u++) {
        const { cookie } = await signedIn();
        for (let i = 0; i < 6; i++) streams.push(await connectSse(baseUrl, cookie, from));
      }
      const { cookie } = await signedIn();
      expect((await openStream(cookie, from)).status).toBe(429);
      // The same user from another address is fine.
      const elsewhere = await connectSse(baseUrl, cookie, newAddress());
      streams.push(elsewhere);
    } finally {
      closeAll(streams);
    }
  });

  test('a flood of stream requests opens at most the cap, and health and sign-in still answer quickly', async () => {
    const { user, cookie } = await signedIn();
    const from = newAddress();
    const controller = new AbortController();
    // The responses are held until the end: undici cancels the body of a response that is garbage
    // collected, which would close an admitted stream mid-test and let another request in.
    const responses: Response[] = [];
    const flood = Array.from({ length: 150 }, () =>
      fetch(`${baseUrl}/api/events`, {
        headers: { ...from, cookie, accept: 'text/event-stream' },
        signal: controller.signal,
      }).then(
        (response) => {
          responses.push(response);
          return response.status;
        },
        () => 0,
      ),
    );
    try {
      const started = Date.now();
      const health = await fetch(`${baseUrl}/api/health`);
      expect(health.status).toBe(200);
      const signInResponse = await fetch(`${baseUrl}/api/auth/sign-in`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': '198.18.8.1',
          'sec-fetch-site': 'same-origin',
        },
        body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
      });
      expect(signInResponse.status).toBe(200);
      // The review saw both time out after 5 s during a flood; here they answer well within that.
      expect(Date.now() - started).toBeLessThan(5000);
      const statuses = await Promise.all(flood);
      expect(statuses.filter((s) => s === 200)).toHaveLength(6);
      expect(statuses.filter((s) => s === 429)).toHaveLength(144);
    } finally {
      controller.abort();
    }
  });
});

describe('a stream ends with its session', () => {
  test('sign-out ends this session’s stream; the same user’s other session keeps its own', async () => {
    const { user, cookie } = await signedIn();
    const otherCookie = await signIn(t.app, user.email ?? '');
    const from = newAddress();
    const mine = await connectSse(baseUrl, cookie, from);
    const other = await connectSse(baseUrl, otherCookie, from);
    try {
      expect((await post('/api/auth/sign-out', cookie)).statusCode).toBe(204);
      expect(await endsWithin(mine, 3000)).toBe(true);
      expect(await endsWithin(other, 500)).toBe(false);
    } finally {
      closeAll([mine, other]);
    }
  });

  test('global sign-out ends every stream of the user', async () => {
    const { user, cookie } = await signedIn();
    const otherCookie = await signIn(t.app, user.email ?? '');
    const from = newAddress();
    const streams = [await connectSse(baseUrl, cookie, from), await connectSse(baseUrl, otherCookie, from)];
    try {
      expect((await post('/api/auth/sign-out?scope=global', cookie)).statusCode).toBe(204);
      expect(await Promise.all(streams.map((s) => endsWithin(s, 3000)))).toEqual([true, true]);
    } finally {
      closeAll(streams);
    }
  });

  test('a password change ends the other sessions’ streams and keeps the current one', async () => {
    const { user, cookie } = await signedIn();
    const otherCookie = await signIn(t.app, user.email ?? '');
    const from = newAddress();
    const current = await connectSse(baseUrl, cookie, from);
    const other = await connectSse(baseUrl, otherCookie, from);
    try {
      const change = await post('/api/auth/change-password', cookie, {
        currentPassword: TEST_PASSWORD,
        newPassword: 'a-new-password-2',
      });
      expect(change.statusCode).toBe(204);
      expect(await endsWithin(other, 3000)).toBe(true);
      expect(await endsWithin(current, 500)).toBe(false);
    } finally {
      closeAll([current, other]);
    }
  });

  test('a password reset ends every stream of the user', async () => {
    const { user, cookie } = await signedIn();
    const stream = await connectSse(baseUrl, cookie, newAddress());
    try {
      const token = await issueToken({ db: t.database.db, clock: t.clock, userId: user.id, purpose: 'password_reset' });
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'a-reset-password-3' },
      });
      expect(reset.statusCode).toBe(204);
      expect(await endsWithin(stream, 3000)).toBe(true);
    } finally {
      stream.close();
    }
  });
});
