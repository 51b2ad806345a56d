import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import type { PaymentProvider } from '../modules/payments/provider';
import { type Clock, ManualClock } from '../platform/clock';
import { type Config, loadConfig } from '../platform/config';
import { type Database, openDatabase } from '../platform/db';

export type TestDriver = 'pglite' | 'postgres';

export function testDriver(): TestDriver {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** A migrated database for one test file: a PGlite copy of the snapshot, or the run's PostgreSQL database. */
export async function openTestDatabase(driver: TestDriver = testDriver()): Promise<Database> {
  if (driver === 'postgres') {
    const url = inject('postgresUrl');
    if (!url) throw new Error('TEST_DB=postgres but no PostgreSQL database was prepared (is DATABASE_URL set?)');
    return openDatabase({ kind: 'postgres', url, max: 5 });
  }
  const snapshot = fs.readFileSync(inject('pgliteSnapshotPath'));
  return openDatabase({ kind: 'pglite-memory', snapshot: new Blob([snapshot]) });
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-app-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: ManualClock;
  close(): Promise<void>;
}

/** The real app on a real database, for `app.inject()` tests. */
export async function createTestApp(
  options: { env?: Record<string, string>; clock?: Clock; database?: Database; payments?: PaymentProvider } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const config = testConfig(options.env);
  const clock = (options.clock as ManualClock | undefined) ?? new ManualClock();
  const app = await buildApp({ config, database, clock, payments: options.payments, logger: { level: 'silent' } });
  return {
    app,
    database,
    config,
    clock,
    async close() {
      await app.close();
      if (!options.database) await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
