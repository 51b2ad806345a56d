import { AUTH_MESSAGES } from '@fanline/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createUser,
  linkIn,
  type SmtpCapture,
  signIn,
  startSmtpCapture,
  TEST_PASSWORD,
  unique,
  useTestApp,
} from '../../testing';

// Issue 42, ASVS 5.0 V6.2.1 (at least 8 characters) and V6.2.4 (not a common password): the same
// rule at sign-up, at a reset through the mailed link and at a change in the Security tab.
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
});
const t = useTestApp(() => ({ env: { SMTP_URL: smtp.url, AUTH_IP_LIMIT: '1000', PUBLIC_URL: 'http://fanline.test' } }));

const post = (url: string, payload?: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const fieldMessage = (response: { json(): { error: { fields?: Record<string, string> } } }, field: string) =>
  response.json().error.fields?.[field];

const SHORT = ['123456', 'abcdef', '1234567'];
const COMMON = ['password', 'qwerty123', '12345678', 'Password', 'iloveyou1'];

describe('sign-up', () => {
  const signUp = (password: string) => {
    const username = unique('pw');
    return post('/api/auth/sign-up', { email: `${username}@example.test`, password, displayName: 'Pw', username });
  };

  test('a password under 8 characters is refused with the length message', async () => {
    for (const password of SHORT) {
      const response = await signUp(password);
      expect(response.statusCode, password).toBe(400);
      expect(fieldMessage(response, 'password')).toBe(AUTH_MESSAGES.passwordTooShort);
    }
    expect(AUTH_MESSAGES.passwordTooShort).toBe('Password must be at least 8 characters long.');
  });

  test('a common password is refused with a clear message; an uncommon one of 8 is accepted', async () => {
    for (const password of COMMON) {
      const response = await signUp(password);
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(fieldMessage(response, 'password')).toBe(AUTH_MESSAGES.passwordTooCommon);
    }
    expect((await signUp('plum-kite')).statusCode).toBe(201);
    // ASVS V6.2.9: long passphrases are welcome.
    expect((await signUp('a long passphrase of seventy-two characters, spaces and all, is welcome!')).statusCode).toBe(
      201,
    );
  });
});

describe('reset through the mailed link', () => {
  test('a short or common password is refused and the link still works for a good one', async () => {
    const user = await createUser(t.database.db);
    await post('/api/auth/forgot-password', { email: user.email });
    const link = linkIn(await smtp.waitFor(user.email ?? ''), '/reset-password#token=');
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '';
    const short = await post('/api/auth/reset-password', { token, password: 'abcdef' });
    expect(fieldMessage(short, 'password')).toBe(AUTH_MESSAGES.passwordTooShort);
    for (const password of COMMON) {
      const common = await post('/api/auth/reset-password', { token, password });
      expect(common.statusCode, password).toBe(400);
      expect(fieldMessage(common, 'password')).toBe(AUTH_MESSAGES.passwordTooCommon);
    }
    expect((await post('/api/auth/reset-password', { token, password: 'plum-kite-reset' })).statusCode).toBe(204);
    expect((await post('/api/auth/sign-in', { email: user.email, password: 'plum-kite-reset' })).statusCode).toBe(200);
  });
});

describe('change in the Security tab', () => {
  test('a short or common new password is refused; the old one keeps working', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email ?? '');
    const change = (newPassword: string) =>
      post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword }, cookie);
    const short = await change('1234567');
    expect(short.statusCode).toBe(400);
    expect(fieldMessage(short, 'newPassword')).toBe(AUTH_MESSAGES.passwordTooShort);
    for (const password of COMMON) {
      const common = await change(password);
      expect(common.statusCode, password).toBe(400);
      expect(fieldMessage(common, 'newPassword')).toBe(AUTH_MESSAGES.passwordTooCommon);
    }
    expect((await post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await change('plum-kite-change')).statusCode).toBe(204);
  });
});
