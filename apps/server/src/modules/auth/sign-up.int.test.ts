import { AUTH_MESSAGES } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { platformSettings, profiles } from '../../db/schema';
import {
  createTestApp,
  createUser,
  openTestDatabase,
  sessionCookie,
  signIn,
  unique,
  useTestApp,
  whoAmI,
} from '../../testing';

const t = useTestApp({ env: { AUTH_IP_LIMIT: '1000' } });

const signUp = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload });
const valid = () => {
  const username = unique('new');
  return { email: `${username}@Example.test`, password: 'secret1-pass', displayName: 'New Person', username };
};

describe('POST /api/auth/sign-up', () => {
  test('creates the account and its profile per spec §4 and signs in when no confirmation is required', async () => {
    const body = valid();
    const response = await signUp({ ...body, intendedAccountType: 'creator' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      requiresEmailConfirmation: false,
      user: {
        email: body.email.toLowerCase(),
        username: body.username,
        displayName: 'New Person',
        isCreator: false,
        intendedAccountType: 'creator',
        threadsOnboardingCompleted: false,
        isAvailable: false,
        messagePrice: 2500,
        isAdmin: false,
      },
    });
    const cookieHeader = String(response.headers['set-cookie']);
    expect(cookieHeader).toContain('HttpOnly');
    expect(cookieHeader).toContain('SameSite=Lax');
    expect(cookieHeader).not.toContain('Secure');
    expect((await whoAmI(t.app, sessionCookie(response)))?.email).toBe(body.email.toLowerCase());
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.username, body.username));
    expect(row).toMatchObject({ userType: 'creator', instagramVerified: false });
  });

  test('refuses an email already registered, in any letter case', async () => {
    const existing = await createUser(t.database.db);
    const response = await signUp({ ...valid(), email: (existing.email ?? '').toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'EMAIL_TAKEN', message: AUTH_MESSAGES.emailTaken });
  });

  test('refuses a taken username, in any letter case, and app route names', async () => {
    const existing = await createUser(t.database.db);
    for (const username of [existing.username, 'admin', 'creators', 'dashboard']) {
      const response = await signUp({ ...valid(), username });
      expect(response.statusCode, username).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'USERNAME_TAKEN',
        message: AUTH_MESSAGES.usernameTakenServer,
      });
    }
  });

  test.each([
    ['email', { email: 'not-an-email' }, AUTH_MESSAGES.invalidEmail],
    ['password', { password: '12345' }, AUTH_MESSAGES.passwordTooShort],
    ['displayName', { displayName: '   ' }, AUTH_MESSAGES.requiredFields],
    ['username', { username: 'Bad Name!' }, 'Use only lowercase letters, numbers and underscores.'],
  ])('explains a bad %s', async (field, override, message) => {
    const response = await signUp({ ...valid(), ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });

  test('two sign-ups racing for one username: exactly one wins', async () => {
    const username = unique('race');
    const results = await Promise.all(
      [1, 2].map((i) => signUp({ ...valid(), email: `${username}${i}@example.test`, username })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  test('is refused when the platform closes registration', async () => {
    // A platform-wide setting: changed on a database of its own so parallel files never see it.
    const database = await openTestDatabase('pglite');
    const closed = await createTestApp({ database, env: { AUTH_IP_LIMIT: '1000' } });
    try {
      await database.db
        .update(platformSettings)
        .set({ value: false })
        .where(eq(platformSettings.key, 'new_user_registration'));
      const response = await closed.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: valid() });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe('New registrations are currently closed.');
    } finally {
      await closed.close();
      await database.close();
    }
  });
});

test('username availability: taken names and route names are not free; your own is', async () => {
  const owner = await createUser(t.database.db);
  const ask = (username: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/auth/username-available?username=${username}`,
      headers: cookie ? { cookie } : {},
    });
  expect((await ask(owner.username.toUpperCase())).json()).toEqual({ available: false });
  expect((await ask('support')).json()).toEqual({ available: false });
  expect((await ask(unique('free'))).json()).toEqual({ available: true });
  const cookie = await signIn(t.app, owner.email ?? '');
  expect((await ask(owner.username, cookie)).json()).toEqual({ available: true });
});
