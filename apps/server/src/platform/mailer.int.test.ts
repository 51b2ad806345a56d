import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app';
import {
  createUser,
  fanAndCreator,
  openTestDatabase,
  SAMPLE_MESSAGE,
  sendOriginLikeABrowser,
  sendPaidMessage,
  testConfig,
  unique,
  useTestApp,
} from '../testing';
import type { Config } from './config';
import type { Database } from './db';

describe('without SMTP, outside production', () => {
  const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

  test('the creator’s new-message mail goes through the mailer too, so /dev/outbox shows it', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    await sendPaidMessage(t.app, fanCookie, creator.id);
    const outbox = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(outbox.statusCode).toBe(200);
    expect(outbox.body).toContain(`To ${creator.email}`);
    expect(outbox.body).toContain('New $25 message from');
    expect(outbox.body).toContain(SAMPLE_MESSAGE.slice(0, 40));
    // The HTML part too (issue 26), escaped into the frame's srcdoc.
    expect(outbox.body).toContain('<details><summary>HTML part</summary><iframe title="New $25 message from');
    expect(outbox.body).toContain('srcdoc="&lt;!DOCTYPE html');
  });

  test('/dev/outbox answers the machine itself only (it shows reset links)', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/dev/outbox',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(404);
  });
});

describe('without SMTP, in production', () => {
  let app: FastifyInstance;
  let database: Database;
  let config: Config;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    config = testConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', AUTH_IP_LIMIT: '10000' });
    app = await buildApp({
      config,
      database,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    sendOriginLikeABrowser(app, config.publicUrl);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  test('reset and confirmation mails are logged as sent, to a redacted address, without their links', async () => {
    const user = await createUser(database.db);
    const email = user.email ?? '';
    lines.length = 0;
    const reset = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(reset.statusCode).toBe(202);
    const username = unique('mailer');
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: `${username}@example.test`, password: 'secret1-pass', displayName: 'Mailer', username },
    });
    expect(signUp.statusCode).toBe(201);

    const log = lines.join('');
    expect(log).toContain('"kind":"password-reset"');
    expect(log).toContain(`"to":"${email[0]}***@example.test"`);
    expect(log).toContain('"kind":"email-confirmation"');
    expect(log).toContain('mail not delivered: SMTP_URL is not set');
    expect(log).not.toContain('token=');
    expect(log).not.toContain(email);
    expect(log).not.toContain(`${username}@example.test`);
  });

  test('there is no /dev/outbox', async () => {
    expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
  });

  test('there is no /dev/mail (the mail preview is not registered in production)', async () => {
    expect((await app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/dev/mail/new-message' })).statusCode).toBe(404);
    expect(app.printRoutes()).not.toContain('dev/mail');
  });
});

// Issue 36: the demo (production with DEMO_MODE, what `npm start` runs) shows every mail it sent in a
// labelled mailbox, each openable; production without DEMO_MODE has none (the block above).
describe('in the demo (production with DEMO_MODE)', () => {
  let app: FastifyInstance;
  let database: Database;
  let config: Config;
  beforeAll(async () => {
    database = await openTestDatabase();
    config = testConfig({
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      ALLOW_TEST_PAYMENTS: 'true',
      AUTH_IP_LIMIT: '10000',
    });
    app = await buildApp({ config, database, logger: false });
    sendOriginLikeABrowser(app, config.publicUrl);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  test('a password-reset mail is listed in the demo mailbox and opens with its working reset link', async () => {
    const user = await createUser(database.db);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(reset.statusCode).toBe(202);
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json().mailboxUrl).toBe('/dev/outbox');

    const box = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(box.statusCode).toBe(200);
    expect(box.body).toContain('<h1>Demo mailbox</h1>');
    expect(box.body).toContain(`To ${user.email}`);
    const id = box.body.match(/href="\/dev\/outbox\/(\d+)"/)?.[1];
    expect(id).toBeDefined();
    const mail = await app.inject({ method: 'GET', url: `/dev/outbox/${id}` });
    expect(mail.statusCode).toBe(200);
    // Issue 42: the token is in the link's fragment (#token=…), which browsers never send to a server.
    const link = mail.body.match(/https?:\/\/[^"\s<]*\/reset-password#token=([^"&\s<]+)/);
    expect(link).not.toBeNull();
    const changed = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: link?.[1], password: 'a-new-secret-1' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);

    // Only to the machine itself, as in development; an unknown id is a 404.
    expect((await app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '203.0.113.9' })).statusCode).toBe(
      404,
    );
    expect(
      (await app.inject({ method: 'GET', url: `/dev/outbox/${id}`, remoteAddress: '203.0.113.9' })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/dev/outbox/99999' })).statusCode).toBe(404);
  });

  test('production without DEMO_MODE says it has no mailbox', async () => {
    const production = testConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' });
    const real = await buildApp({ config: production, database, logger: false });
    try {
      const config = (await real.inject({ method: 'GET', url: '/api/config' })).json();
      expect(config).toMatchObject({ demoMode: false, mailboxUrl: null });
      expect((await real.inject({ method: 'GET', url: '/dev/outbox/1' })).statusCode).toBe(404);
    } finally {
      await real.close();
      fs.rmSync(production.dataDir, { recursive: true, force: true });
    }
  });
});
