import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../platform/config';
import type { Database } from '../platform/db';
import { openTestDatabase, sendOriginLikeABrowser, testConfig } from '../testing';
import { DEMO_ACCOUNTS, generateDemoPasswords, seedDemoData } from './demo-data';
import { seedDemoUseCases } from './demo-use-cases';

// `npm start`'s first run: the production server opted into demo data, no SMTP_URL. Seeding needs an
// empty database, so this file always takes its own PGlite copy.
let app: FastifyInstance;
let database: Database;
let config: Config;
let passwords: ReturnType<typeof generateDemoPasswords>;
const lines: { level: number; msg: string; mails?: Record<string, number> }[] = [];

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  passwords = generateDemoPasswords();
  await seedDemoData({ db: database.db, passwords });
  config = testConfig({
    NODE_ENV: 'production',
    ALLOW_TEST_PAYMENTS: 'true',
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'info',
  });
  app = await buildApp({
    config,
    database,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  });
  sendOriginLikeABrowser(app, config.publicUrl);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});

test('the demo seed logs one line for its mails and none per request, so the printed logins stay visible', async () => {
  await seedDemoUseCases(app, passwords.demo);

  expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
  expect(lines.filter((l) => l.msg.startsWith('mail not delivered'))).toEqual([]);
  const summaries = lines.filter((l) => l.msg.startsWith('Seeding the demo data:'));
  expect(summaries).toHaveLength(1);
  const [summary] = summaries;
  const total = Object.values(summary?.mails ?? {}).reduce((a, b) => a + b, 0);
  expect(total).toBeGreaterThan(10);
  expect(summary).toMatchObject({
    level: 40,
    msg: `Seeding the demo data: ${total} mails not delivered, SMTP_URL is not set (content withheld in production)`,
  });
  expect(lines.every((l) => l.level >= 40)).toBe(true);

  // Once the seed is done, requests are logged and each undelivered mail is its own warning again.
  lines.length = 0;
  const reset = await app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: DEMO_ACCOUNTS.fan.email },
  });
  expect(reset.statusCode).toBe(202);
  expect(lines.map((l) => l.msg)).toContain('incoming request');
  expect(lines.find((l) => l.msg.startsWith('mail not delivered'))).toMatchObject({
    level: 40,
    mail: { kind: 'password-reset', to: 'f***@fanline.test' },
  });
});
