import { AUTH_MESSAGES } from '@fanline/contracts';
import { describe, expect, test } from 'vitest';
import { createTestApp, createUser, sessionCookie, signIn, TEST_PASSWORD, useTestApp, whoAmI } from '../../testing';

const t = useTestApp({ env: { AUTH_IP_LIMIT: '1000' } });

const DAY = 86_400_000;
const post = (url: string, payload?: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

describe('sign-in', () => {
  test('wrong password and unknown email both get the spec message', async () => {
    const user = await createUser(t.database.db);
    for (const payload of [
      { email: user.email, password: 'wrong-password' },
      { email: 'nobody-here@example.test', password: TEST_PASSWORD },
    ]) {
      const response = await post('/api/auth/sign-in', payload);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: AUTH_MESSAGES.invalidCredentials,
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  test('missing fields: the spec message', async () => {
    const response = await post('/api/auth/sign-in', { email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({ email: AUTH_MESSAGES.missingCredentials });
  });

  test('email is matched case-insensitively; the session cookie is HttpOnly and rotates at every sign-in', async () => {
    const user = await createUser(t.database.db);
    const first = await signIn(t.app, (user.email ?? '').toUpperCase());
    const second = await signIn(t.app, user.email ?? '');
    expect(first).not.toBe(second);
    expect((await whoAmI(t.app, first))?.id).toBe(user.id);
    // Signing in again from a browser that presents a session ends that session.
    const rotated = await post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD }, second);
    expect(await whoAmI(t.app, second)).toBeNull();
    expect((await whoAmI(t.app, sessionCookie(rotated)))?.id).toBe(user.id);
  });

  test('the session response carries no secret', async () => {
    const user = await createUser(t.database.db);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: await signIn(t.app, user.email ?? '') },
    });
    expect(response.body).not.toMatch(/password|hash|token|secret/i);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('a foreign Origin cannot sign in', async () => {
    const user = await createUser(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'https://evil.example' },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('sign-out', () => {
  test('revokes the session on the server, not just the cookie', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email ?? '');
    const response = await post('/api/auth/sign-out', undefined, cookie);
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toContain('fanline_session=;');
    expect(await whoAmI(t.app, cookie)).toBeNull();
  });

  test('tells the browser to clear its cache and storage (Clear-Site-Data), keeping the device cookie', async () => {
    // Issue 42, ASVS V14.3.1: what the browser kept of the signed-in user goes with the session.
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email ?? '');
    const response = await post('/api/auth/sign-out', undefined, cookie);
    expect(response.statusCode).toBe(204);
    expect(response.headers['clear-site-data']).toBe('"cache", "storage"');
    expect(String(response.headers['set-cookie'])).not.toContain('fanline_device=;');
    const anonymous = await post('/api/auth/sign-out');
    expect(anonymous.headers['clear-site-data']).toBe('"cache", "storage"');
  });

  test('scope=global ends every session of the user', async () => {
    const user = await createUser(t.database.db);
    const laptop = await signIn(t.app, user.email ?? '');
    const phone = await signIn(t.app, user.email ?? '');
    await post('/api/auth/sign-out?scope=global', undefined, laptop);
    expect(await whoAmI(t.app, phone)).toBeNull();
  });
});

describe('session lifetime', () => {
  test('ends after 7 idle days', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email ?? '');
    t.clock.advance(6 * DAY);
    expect((await whoAmI(t.app, cookie))?.id).toBe(user.id);
    t.clock.advance(7 * DAY + 1000);
    expect(await whoAmI(t.app, cookie)).toBeNull();
  });

  test('ends 30 days after sign-in even when used every day', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email ?? '');
    for (let day = 0; day < 29; day++) {
      t.clock.advance(DAY);
      expect((await whoAmI(t.app, cookie))?.id, `day ${day + 1}`).toBe(user.id);
    }
    t.clock.advance(DAY + 1000);
    expect(await whoAmI(t.app, cookie)).toBeNull();
  });
});

describe('rate limits', () => {
  test('past 5 failures for one email, even the right password gets 429 with the spec message', async () => {
    const user = await createUser(t.database.db);
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/sign-in', { email: user.email, password: 'nope-nope' })).statusCode).toBe(401);
    }
    const locked = await post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({ code: 'RATE_LIMITED', message: AUTH_MESSAGES.tooManyAttempts });
    // The window passes; the account opens again.
    t.clock.advance(16 * 60_000);
    expect((await post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  test('one address is limited across emails, for sign-in and sign-up', async () => {
    const strict = await createTestApp({ database: t.database, env: { AUTH_IP_LIMIT: '3' } });
    try {
      const from = { remoteAddress: '10.20.30.40' };
      for (let i = 0; i < 3; i++) {
        const r = await strict.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: `x${i}@example.test`, password: 'whatever' },
          ...from,
        });
        expect(r.statusCode).toBe(401);
      }
      const blocked = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'x9@example.test', password: 'whatever' },
        ...from,
      });
      expect(blocked.statusCode).toBe(429);
      const signUps = [];
      for (let i = 0; i < 4; i++) {
        signUps.push(
          await strict.app.inject({
            method: 'POST',
            url: '/api/auth/sign-up',
            payload: {
              email: `ip${i}${Date.now()}@example.test`,
              password: 'secret1-pass',
              displayName: 'X',
              username: `ip${i}${Date.now()}`,
            },
            ...from,
          }),
        );
      }
      expect(signUps.map((r) => r.statusCode)).toEqual([201, 201, 201, 429]);
    } finally {
      await strict.app.close();
    }
  });
});
