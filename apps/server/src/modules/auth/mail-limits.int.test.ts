import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser, type SmtpCapture, startSmtpCapture, unique, useTestApp } from '../../testing';
import { AUTH_MAILS_PER_EMAIL } from './limit-sign-up';

// Security review N3 (30 reset mails to one account in a second, from 25 addresses) and N6 (sign-up
// says which emails have an account: it stays a 409, and the owner is told by mail).
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
});
const t = useTestApp(() => ({ env: { SMTP_URL: smtp.url, REQUIRE_EMAIL_CONFIRMATION: 'false', AUTH_IP_LIMIT: '30' } }));

const mailsTo = (email: string, saying?: string) =>
  smtp.mails.filter((mail) => mail.to.includes(email.toLowerCase()) && (!saying || mail.body.includes(saying))).length;
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('reset mails are limited per target email (N3)', () => {
  test('25 addresses asking a reset for one email: every answer is 202, at most the per-email limit of mails go out', async () => {
    const owner = await createUser(t.database.db);
    const email = owner.email ?? '';
    const codes: number[] = [];
    for (let i = 1; i <= 25; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        remoteAddress: `198.51.100.${i}`,
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual(Array(25).fill(202));
    await expect.poll(() => mailsTo(email)).toBe(AUTH_MAILS_PER_EMAIL);
    await settle();
    expect(mailsTo(email)).toBe(AUTH_MAILS_PER_EMAIL);

    // The limit is per window: later the owner gets a link again.
    t.clock.advance(16 * 60_000);
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: '192.0.2.10',
    });
    expect(later.statusCode).toBe(202);
    await expect.poll(() => mailsTo(email)).toBe(AUTH_MAILS_PER_EMAIL + 1);
  });

  test('an email with no account answers the same 202 beyond the limit', async () => {
    const email = `${unique('nobody')}@example.test`;
    for (let i = 1; i <= 8; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        remoteAddress: `198.51.103.${i}`,
      });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({});
    }
  });
});

describe('sign-up with a taken email (N6)', () => {
  const SUBJECT = 'Someone tried to create a Fanline account with your email address';
  const signUp = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email, password: 'Passw0rd!x12', username: unique('enum'), displayName: 'Someone' },
      remoteAddress,
    });

  test('answers 409 and mails the owner, at most once an hour', async () => {
    const owner = await createUser(t.database.db);
    const email = owner.email ?? '';
    const first = await signUp(email, '198.51.104.1');
    expect(first.statusCode).toBe(409);
    expect(first.json().error.code).toBe('EMAIL_TAKEN');
    await expect.poll(() => mailsTo(email, SUBJECT)).toBe(1);
    const mail = smtp.mails.find((m) => m.to.includes(email.toLowerCase()) && m.body.includes(SUBJECT));
    expect(mail?.body).toContain('/forgot-password');

    // More tries within the hour, from other addresses: still 409, no more mail.
    for (let i = 2; i <= 4; i++) expect((await signUp(email, `198.51.104.${i}`)).statusCode).toBe(409);
    await settle();
    expect(mailsTo(email, SUBJECT)).toBe(1);

    t.clock.advance(61 * 60_000);
    expect((await signUp(email, '198.51.104.9')).statusCode).toBe(409);
    await expect.poll(() => mailsTo(email, SUBJECT)).toBe(2);
  });

  test('a new email gets no such mail', async () => {
    const email = `${unique('fresh')}@example.test`;
    expect((await signUp(email, '198.51.105.1')).statusCode).toBe(201);
    await settle();
    expect(mailsTo(email, SUBJECT)).toBe(0);
  });
});
