import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../app';
import type { PaymentProvider } from '../modules/payments';
import { type Clock, ManualClock } from '../platform/clock';
import { type Config, loadConfig } from '../platform/config';
import { type Database, openDatabase } from '../platform/db';
import { rememberClone } from './file-databases';
import { withDatabase } from './global-setup';

export type TestDriver = 'pglite' | 'postgres';

export function testDriver(): TestDriver {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * Each test file's PostgreSQL database, by the file's path: a worker runs file after file with its
 * modules kept (vitest.config.ts, `isolate: false`), so this map outlives one file.
 */
const databaseUrlByFile = new Map<string, Promise<string>>();

/**
 * A migrated database for one test file: a PGlite copy of the snapshot, or on PostgreSQL a database
 * of the file's own cloned from the run's template. Called twice in one file on PostgreSQL, it
 * opens a second pool on the same database, as a second server instance would.
 */
export async function openTestDatabase(driver: TestDriver = testDriver()): Promise<Database> {
  if (driver === 'postgres') {
    const file = expect.getState().testPath ?? '';
    let url = databaseUrlByFile.get(file);
    if (!url) {
      url = cloneTemplate();
      databaseUrlByFile.set(file, url);
    }
    return openDatabase({ kind: 'postgres', url: await url, max: 5 });
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
    // The tests' lab runs over plain HTTP, also with NODE_ENV=production (decision 0044).
    ALLOW_HTTP_PUBLIC_URL: 'true',
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

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  database?: Database;
  payments?: PaymentProvider;
  /** The local push-service stand-in's certificate for the app to trust (push/stand-in.ts). */
  pushCa?: string;
}

/** The real app on a real database, for `app.inject()` tests. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const config = testConfig(options.env);
  if (options.pushCa) config.push.trustedCa = options.pushCa;
  const clock = (options.clock as ManualClock | undefined) ?? new ManualClock();
  const app = await buildApp({ config, database, clock, payments: options.payments, logger: { level: 'silent' } });
  sendOriginLikeABrowser(app, config.publicUrl);
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

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * `app.inject` as a browser on the app's own page sends a state-changing request: with the page's
 * Origin (security review N7 refuses one that says nowhere where it came from). A test that sets
 * `origin` itself, even to undefined (to send none), or `sec-fetch-site`, gets exactly what it set.
 */
export function sendOriginLikeABrowser(app: FastifyInstance, publicUrl: string): void {
  const { origin, host } = new URL(publicUrl);
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  (app as unknown as { inject: (...args: unknown[]) => unknown }).inject = (...args: unknown[]) => {
    const [opts] = args;
    if (typeof opts !== 'object' || opts === null) return inject(...args);
    const { method, headers = {} } = opts as { method?: string; headers?: Record<string, unknown> };
    const given = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    // A browser on the app's own site names its host (decision 0044 answers 421 to any other), unless
    // the test sends a Host of its own.
    const withHost = 'host' in given ? given : { host, ...given };
    if (!STATE_CHANGING.has(String(method ?? 'GET').toUpperCase())) {
      return inject({ ...opts, headers: withHost }, ...args.slice(1));
    }
    const chosen = 'origin' in given || 'sec-fetch-site' in given;
    const sent = Object.fromEntries(Object.entries(withHost).filter(([, value]) => value !== undefined));
    return inject({ ...opts, headers: chosen ? sent : { origin, ...sent } }, ...args.slice(1));
  };
}

/** What `useTestApp` returns: the file's app (available inside tests and later hooks) and request helpers. */
export interface TestAppHandle extends TestApp {
  /** GET `url`, signed in with `cookie` when given. */
  get(url: string, cookie?: string): Promise<LightMyRequestResponse>;
  /** POST `url` with a JSON `body`, signed in with `cookie` when given. */
  post(url: string, cookie?: string, body?: object): Promise<LightMyRequestResponse>;
  /** PUT `url` with a JSON `body`, signed in with `cookie` when given. */
  put(url: string, cookie?: string, body?: object): Promise<LightMyRequestResponse>;
  /** DELETE `url`, signed in with `cookie` when given. */
  delete(url: string, cookie?: string): Promise<LightMyRequestResponse>;
}

/**
 * One app for the whole test file: built on a fresh database (see `openTestDatabase`) in `beforeAll`
 * and closed in `afterAll`, replacing the before/after preamble every integration file would repeat.
 * `options` may be a function, called in `beforeAll`, when they depend on something an earlier
 * `beforeAll` starts (an SMTP capture, a stand-in's URL). `beforeAll` hooks registered after this call
 * see the app. `afterAll` hooks unwind as a stack: those registered after this call run while the app
 * is open, those registered before it run once it is closed (close what the app depends on there).
 */
export function useTestApp(
  options: TestAppOptions | (() => TestAppOptions | Promise<TestAppOptions>) = {},
): TestAppHandle {
  let current: TestApp | undefined;
  let closed = false;
  const close = async () => {
    if (!current || closed) return;
    closed = true;
    await current.close();
  };
  beforeAll(async () => {
    current = await createTestApp(typeof options === 'function' ? await options() : options);
  });
  // The handle keeps pointing at the closed app, so afterAll hooks that run later can still reach its database.
  afterAll(close);
  const open = (): TestApp => {
    if (!current) throw new Error('useTestApp: the app exists once the beforeAll of the file has run');
    return current;
  };
  const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, body?: object) =>
    open().app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(body === undefined ? {} : { payload: body }),
    });
  return {
    get app() {
      return open().app;
    },
    get database() {
      return open().database;
    },
    get config() {
      return open().config;
    },
    get clock() {
      return open().clock;
    },
    close,
    get: (url, cookie) => request('GET', url, cookie),
    post: (url, cookie, body) => request('POST', url, cookie, body),
    put: (url, cookie, body) => request('PUT', url, cookie, body),
    delete: (url, cookie) => request('DELETE', url, cookie),
  };
}

async function cloneTemplate(): Promise<string> {
  const server = inject('postgresUrl');
  const template = inject('postgresTemplate');
  if (!server || !template)
    throw new Error('TEST_DB=postgres but no PostgreSQL template was prepared (is DATABASE_URL set?)');
  const name = `${template.replace(/_tpl$/, '')}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    // Clones of one template may collide while another clone is copying it; try again shortly.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database ${name} template ${template}`);
        // A test database need not survive a crash of the PostgreSQL server, so its commits do not
        // wait for the disk: the suite's thousands of small transactions were mostly that wait.
        // Every connection to it, the child servers' included, gets this.
        await client.query(`alter database ${name} set synchronous_commit = off`);
        rememberClone(name);
        break;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await client.end();
  }
  return withDatabase(server, name);
}
