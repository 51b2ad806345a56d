// runs-long: 50 s (starts compiled servers, on each driver)
// not-quick: starts the compiled server again and again
import fs from 'node:fs';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { buildApp } from '../app';
import { demoCredentialsFile, prepareDemoData, prepareSuperAdmin } from '../bootstrap';
import { users } from '../db/schema';
import { DEMO_ACCOUNTS } from '../demo/demo-data';
import { createAccount } from '../modules/auth';
import { createUser, openTestDatabase, sendOriginLikeABrowser, TEST_PASSWORD, testConfig, unique } from '../testing';
import type { Config } from './config';
import type { Database } from './db';

// Each test starts the way server.ts does, on an empty database of its own (issue #8, findings H1/H2):
// an embedded one, as production without DATABASE_URL runs. It ran on both drivers' projects once, on
// PGlite both times; production on PostgreSQL is started by ops/release.int.test.ts and the cluster tests.
const opened: Array<{ database: Database; config: Config; app?: FastifyInstance }> = [];
afterEach(async () => {
  for (const { database, config, app } of opened.splice(0)) {
    await app?.close();
    await database.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  }
});

const PRODUCTION = { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' };
const OWNER = { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password-1' };

async function start(env: Record<string, string>, before?: (database: Database) => Promise<unknown>) {
  const config = testConfig(env);
  const database = await openTestDatabase('pglite');
  const entry: (typeof opened)[number] = { database, config };
  opened.push(entry);
  await before?.(database);
  const demo = await prepareDemoData(config, database);
  return {
    config,
    database,
    demo,
    async app() {
      await prepareSuperAdmin(config, database);
      entry.app = await buildApp({ config, database, logger: { level: 'silent' } });
      sendOriginLikeABrowser(entry.app, config.publicUrl);
      return entry.app;
    },
  };
}

const signIn = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });

// Each test hashes a dozen demo passwords or more; a loaded machine needs more than the default time.
describe('NODE_ENV=production', { timeout: 120_000 }, () => {
  test('no demo accounts exist unless asked for; without ADMIN_EMAIL / ADMIN_PASSWORD the server refuses to start', async () => {
    const server = await start(PRODUCTION);
    expect(server.demo).toBeNull();
    const [accounts] = await server.database.db.select({ n: count() }).from(users);
    expect(accounts?.n).toBe(0);
    await expect(server.app()).rejects.toThrow(
      'ADMIN_EMAIL, ADMIN_PASSWORD: required in production to create the super admin account',
    );
  });

  test('the super admin comes from ADMIN_EMAIL / ADMIN_PASSWORD; the once-published demo logins open nothing', async () => {
    const server = await start({ ...PRODUCTION, ...OWNER });
    const app = await server.app();
    const owner = await signIn(app, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);
    expect(owner.statusCode).toBe(200);
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: owner.headers['set-cookie']?.toString().split(';')[0] ?? '' },
    });
    expect(session.json().user).toMatchObject({ email: OWNER.ADMIN_EMAIL, isAdmin: true });

    expect((await signIn(app, DEMO_ACCOUNTS.admin.email, 'fanline-admin')).statusCode).toBe(401);
    expect((await signIn(app, DEMO_ACCOUNTS.fan.email, 'fanline-demo')).statusCode).toBe(401);
    expect((await signIn(app, DEMO_ACCOUNTS.creator.email, 'fanline-demo')).statusCode).toBe(401);
    // A second start leaves the account as it is (its password may have been changed in the app since).
    await expect(prepareSuperAdmin(server.config, server.database)).resolves.toBe('unchanged');
  });

  test('SEED_DEMO_DATA=true: passwords generated for this data directory, kept there (mode 600), printed once', async () => {
    const server = await start({ ...PRODUCTION, SEED_DEMO_DATA: 'true' });
    expect(server.demo?.fresh).toBe(true);
    const file = demoCredentialsFile(server.config);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const kept = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(kept).toEqual({ creatorPassword: server.demo?.creatorPassword, logins: server.demo?.logins });

    const again = await prepareDemoData(server.config, server.database);
    expect(again).toEqual({ ...kept, fresh: false });

    const app = await server.app();
    const admin = server.demo?.logins.find((login) => login.role === 'admin');
    const fan = server.demo?.logins.find((login) => login.role === 'fan');
    expect(admin?.password).not.toBe('fanline-admin');
    expect((await signIn(app, admin?.email ?? '', admin?.password ?? '')).statusCode).toBe(200);
    expect((await signIn(app, fan?.email ?? '', fan?.password ?? '')).statusCode).toBe(200);
    expect((await signIn(app, DEMO_ACCOUNTS.admin.email, 'fanline-admin')).statusCode).toBe(401);

    const other = await start({ ...PRODUCTION, SEED_DEMO_DATA: 'true' });
    expect(other.demo?.creatorPassword).not.toBe(server.demo?.creatorPassword);
  });

  test('with ADMIN_EMAIL set, demo data brings no admin of its own', async () => {
    const server = await start({ ...PRODUCTION, ...OWNER, SEED_DEMO_DATA: 'true' });
    expect(server.demo?.logins.map((login) => login.role)).not.toContain('admin');
    const app = await server.app();
    expect((await signIn(app, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD)).statusCode).toBe(200);
    const demoAdmin = await signIn(app, DEMO_ACCOUNTS.admin.email, server.demo?.creatorPassword ?? '');
    expect(demoAdmin.statusCode).toBe(401);
  });

  test('a database seeded with the once-published passwords (an old data directory) loses them at start', async () => {
    const oldDemo = (email: string) => async (database: Database) =>
      createAccount({ db: database.db, email, password: 'fanline-demo', profile: { username: unique('old') } });
    const locked = await start({ ...PRODUCTION, ...OWNER }, oldDemo('oldfan@fanline.test'));
    const app = await locked.app();
    expect((await signIn(app, 'oldfan@fanline.test', 'fanline-demo')).statusCode).toBe(401);

    const demo = await start({ ...PRODUCTION, ...OWNER, SEED_DEMO_DATA: 'true' }, oldDemo('oldfan@fanline.test'));
    expect(demo.demo?.fresh).toBe(true);
    const login = demo.demo?.logins.find((l) => l.email === 'oldfan@fanline.test');
    expect(login?.password).toBe(demo.demo?.creatorPassword);
    const demoApp = await demo.app();
    expect((await signIn(demoApp, 'oldfan@fanline.test', 'fanline-demo')).statusCode).toBe(401);
    expect((await signIn(demoApp, 'oldfan@fanline.test', login?.password ?? '')).statusCode).toBe(200);
  });

  test('ADMIN_EMAIL of an existing account promotes it only with that account’s own password', async () => {
    const server = await start({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false' });
    const user = await createUser(server.database.db);
    const email = user.email ?? '';
    const wrong = testConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'somebody-elses-guess' });
    await expect(prepareSuperAdmin(wrong, server.database)).rejects.toThrow(
      `ADMIN_EMAIL: ${email} belongs to an existing account that is not the super admin`,
    );
    const right = testConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: TEST_PASSWORD });
    await expect(prepareSuperAdmin(right, server.database)).resolves.toBe('promoted');
    fs.rmSync(wrong.dataDir, { recursive: true, force: true });
    fs.rmSync(right.dataDir, { recursive: true, force: true });
  });

  test('paid messages: the opted-in test checkout works, test-send does not exist', async () => {
    const server = await start({ ...PRODUCTION, ...OWNER });
    const app = await server.app();
    const config = await app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(config.json()).toMatchObject({ provider: 'local', testSend: false });
    const fan = await createUser(server.database.db);
    const cookie = (await signIn(app, fan.email ?? '', TEST_PASSWORD)).headers['set-cookie']?.toString() ?? '';
    const testSend = await app.inject({
      method: 'POST',
      url: '/api/messages/test-send',
      headers: { cookie: cookie.split(';')[0] ?? '' },
      payload: { recipientId: fan.id, messageContent: 'Hello there, this is a test message.' },
    });
    expect(testSend.statusCode).toBe(404);
  });
});
