import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase, testConfig } from '../testing';
import type { Config } from './config';
import type { Database } from './db';

// Security review N2: the request log wrote mailed links in full (reset, confirmation and
// unsubscribe tokens), so a live reset token sat in the production log until it was used.
let app: FastifyInstance;
let database: Database;
let config: Config;
const lines: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  config = testConfig();
  app = await buildApp({
    config,
    database,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});

test('tokens in the query of any request never reach the request log', async () => {
  const urls = [
    '/reset-password?token=RESETTOKENPROBE123',
    '/auth/confirm?token=CONFIRMPROBE456',
    '/unsubscribe?token=UNSUBSCRIBEPROBE789',
    '/auth/threads/callback?code=OAUTHCODEPROBE&state=OAUTHSTATEPROBE',
    '/api/auth/session?x=1&access_token=ACCESSPROBE&apiKey=KEYPROBE',
  ];
  lines.length = 0;
  for (const url of urls) await app.inject({ method: 'GET', url });
  const log = lines.join('\n');
  for (const probe of [
    'RESETTOKENPROBE123',
    'CONFIRMPROBE456',
    'UNSUBSCRIBEPROBE789',
    'OAUTHCODEPROBE',
    'OAUTHSTATEPROBE',
    'ACCESSPROBE',
    'KEYPROBE',
  ]) {
    expect(log).not.toContain(probe);
  }
  // The request is still logged, with its path and the harmless parameters.
  expect(log).toContain('"url":"/reset-password?token=[redacted]"');
  expect(log).toContain('"url":"/api/auth/session?x=1&access_token=[redacted]&apiKey=[redacted]"');
});
