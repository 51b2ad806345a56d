import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase, sendOriginLikeABrowser, testConfig } from '../testing';
import type { Database } from './db';

// Security review M5 / L6: every 500 wrote the SQL parameters at error level, so logs held e-mails,
// message text and API keys, and a 700 KB e-mail made a 700 KB log line.
const EMAIL = 'someone.private@example.test';
const MESSAGE_TEXT = 'My very private message to the creator';
const API_KEY = 'rapidapi-key-0123456789abcdef';

let app: FastifyInstance;
let database: Database;
const lines: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const config = testConfig();
  app = await buildApp({ config, database, logger: { level: 'info', stream } });
  sendOriginLikeABrowser(app, config.publicUrl);
  // Queries that fail in PostgreSQL with personal data among their parameters, as M5's did.
  app.get('/api/test-db-error', async () => {
    await app.db.execute(sql`select ${EMAIL}::integer, ${MESSAGE_TEXT}::text, ${API_KEY}::text`);
  });
  app.get('/api/test-db-huge', async () => {
    await app.db.execute(sql`select ${`${'x'.repeat(700_000)}@example.test`}::integer`);
  });
  app.get('/api/test-out-of-range', async () => {
    await app.db.execute(sql`select ${'3000000000'}::integer`);
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function failWith(url: string) {
  lines.length = 0;
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(500);
  const requestId = response.headers['x-request-id'];
  const errorLines = lines.filter((line) => JSON.parse(line).level >= 50);
  expect(errorLines).toHaveLength(1);
  const entry = JSON.parse(errorLines[0] ?? '{}');
  expect(entry.reqId).toBe(requestId);
  return { entry, line: errorLines[0] ?? '', all: lines.join('\n') };
}

describe('error logs hold no SQL parameters, personal data or keys', () => {
  test('a failed query is logged with its SQL text and request id, without its parameters', async () => {
    const { entry, all } = await failWith('/api/test-db-error');
    expect(entry.msg).toBe('unhandled error');
    // Still enough to debug: the statement, PostgreSQL's reason and where it was thrown.
    expect(entry.err.query).toBe('select $1::integer, $2::text, $3::text');
    expect(entry.err.cause.message).toBe('invalid input syntax for type integer: "[redacted]"');
    expect(entry.err.stack).toMatch(/^\s+at /);
    for (const secret of [EMAIL, MESSAGE_TEXT, API_KEY]) expect(all).not.toContain(secret);
  });

  test('a huge parameter does not make a huge log line', async () => {
    const { line, all } = await failWith('/api/test-db-huge');
    expect(line.length).toBeLessThan(20_000);
    expect(all.length).toBeLessThan(40_000);
    expect(all).not.toContain('x'.repeat(2000));
  });

  test('PostgreSQL’s own message does not quote the value either', async () => {
    const { all } = await failWith('/api/test-out-of-range');
    expect(all).not.toContain('3000000000');
  });
});
