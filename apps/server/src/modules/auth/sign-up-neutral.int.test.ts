import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../db/schema';
import { createUser, type SmtpCapture, startSmtpCapture, unique, useTestApp } from '../../testing';

// Security review N6: where accounts must confirm their email (production with SMTP_URL), sign-up
// answers a taken email exactly as a new one, stores nothing, and tells the owner by mail.
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
});
const t = useTestApp(() => ({ env: { SMTP_URL: smtp.url, AUTH_IP_LIMIT: '100' } }));

const NOTICE = 'Someone tried to create a Fanline account with your email address';
const mailsTo = (email: string, saying: string) =>
  smtp.mails.filter((mail) => mail.to.includes(email.toLowerCase()) && mail.body.includes(saying)).length;
const signUp = (email: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password: 'Quiet-harbor-57-lantern', username: unique('neutral'), displayName: 'Sam Rivera' },
    remoteAddress,
  });

/** The answer's shape: every key with the type of its value, the user's keys too. */
const shape = (body: { user: Record<string, unknown> } & Record<string, unknown>) => ({
  top: Object.keys(body).sort(),
  user: Object.entries(body.user)
    .map(([key, value]) => `${key}:${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value}`)
    .sort(),
});

describe('sign-up with a taken email where confirmation is required (security review N6)', () => {
  test('answers the same status and body shape as a new email, and mails the owner', async () => {
    expect(t.config.mail.requireConfirmation).toBe(true);
    const fresh = await signUp(`${unique('fresh')}@example.test`, '198.51.120.1');
    const owner = await createUser(t.database.db);
    const taken = await signUp(owner.email ?? '', '198.51.120.2');

    expect(fresh.statusCode).toBe(201);
    expect(taken.statusCode).toBe(201);
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    expect(taken.json()).toMatchObject({ requiresEmailConfirmation: true, user: { email: owner.email } });
    expect(taken.json().user.id).not.toBe(owner.id);
    // Neither signs anyone in.
    expect(fresh.headers['set-cookie'] ?? '').not.toContain('fanline_session=');
    expect(taken.headers['set-cookie'] ?? '').not.toContain('fanline_session=');

    await expect.poll(() => mailsTo(owner.email ?? '', NOTICE)).toBe(1);
    // Nothing was created for the second try: the owner still has one account.
    const rows = await t.database.db.select({ id: users.id, email: users.email }).from(users);
    expect(rows.filter((row) => row.email.toLowerCase() === owner.email?.toLowerCase())).toHaveLength(1);
  });

  test('a taken username is still named (it is public anyway), for a new and a taken email alike', async () => {
    const owner = await createUser(t.database.db);
    const payload = (email: string) => ({
      email,
      password: 'Quiet-harbor-57-lantern',
      username: owner.username,
      displayName: 'Sam Rivera',
    });
    const post = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: payload(email),
        remoteAddress: '198.51.120.3',
      });
    const forNew = await post(`${unique('fresh')}@example.test`);
    const forTaken = await post(owner.email ?? '');
    expect(forNew.statusCode).toBe(409);
    expect(forTaken.statusCode).toBe(409);
    expect(forTaken.json().error.code).toBe(forNew.json().error.code);
  });
});
