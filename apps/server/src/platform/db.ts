import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema';
import { acquireDirectoryLock, type DirectoryLock } from './dir-lock';
import { serverRoot } from './server-root';
import { NamingClient } from './statement-names';
import { tracePglite } from './tracing';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Driver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: Driver;
  /** Round trip to the database; resolves with milliseconds taken. */
  ping(): Promise<number>;
  close(): Promise<void>;
  /** PGlite only: the raw instance (snapshots in tests, in-process LISTEN). */
  pglite?: PGlite;
  /** PostgreSQL only: the pool (LISTEN/NOTIFY connections, advisory locks). */
  pool?: pg.Pool;
}

export const MIGRATIONS_DIR = path.join(serverRoot, 'src/db/migrations');

// 64-bit integers and numerics come back as numbers from both drivers (ARCHITECTURE §6).
const INT8 = 20;
const NUMERIC = 1700;
const numberParsers = { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v) };

/**
 * PostgreSQL connection settings an operator sets (DATABASE_* in platform/config.ts, decision 0043).
 * Absent ones keep node-postgres's and the server's defaults (what the tests' own databases use).
 */
export interface PostgresSettings {
  max?: number;
  connectTimeoutMs?: number;
  /** Sent as startup parameters, so PostgreSQL applies them to every connection of the pool (0: none). */
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  /** 'url': DATABASE_URL's own sslmode parameter decides. */
  sslMode?: 'disable' | 'require' | 'verify-full' | 'url';
  /** PEM file of the certificate authorities to trust with verify-full (a managed service's bundle). */
  sslRootCert?: string;
}

export type OpenDatabaseOptions =
  | ({ kind: 'postgres'; url: string } & PostgresSettings)
  | { kind: 'pglite'; dataDir: string; snapshot?: Blob | File }
  | { kind: 'pglite-memory'; snapshot?: Blob | File };

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options.url, options);
  return openPglite(options);
}

async function openPostgres(url: string, settings: PostgresSettings): Promise<Database> {
  // Drizzle passes pg's global parsers on every query, so they are set there.
  pg.types.setTypeParser(INT8, numberParsers[INT8]);
  pg.types.setTypeParser(NUMERIC, numberParsers[NUMERIC]);
  const pool = new pg.Pool({
    connectionString: url,
    // Every recurring statement runs by name: parsed and planned once per connection (decision 0078).
    Client: NamingClient,
    max: settings.max ?? 10,
    ...(settings.connectTimeoutMs !== undefined ? { connectionTimeoutMillis: settings.connectTimeoutMs } : {}),
    ...(settings.statementTimeoutMs !== undefined ? { statement_timeout: settings.statementTimeoutMs } : {}),
    ...(settings.idleInTransactionTimeoutMs !== undefined
      ? { idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs }
      : {}),
    ...sslOptions(settings),
  });
  // An idle connection that errors (a reset by a restarting database or a network cut) is dropped by
  // the pool, which then emits 'error'; unheard, that event would end the process. The next query
  // opens a fresh connection. (health.int.test.ts proves recovery after a closed connection; a reset
  // one is what this line guards.)
  pool.on('error', () => {});
  // The pool listens only to idle connections. One checked out (inside a transaction, between two
  // queries) that is reset emits 'error' on the client itself, and unheard that ended the process: the
  // fault-injection run found a server dying when its database went away mid-request. The query
  // waiting on it still fails, and the pool drops the broken connection when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    pool,
    ping: () => timed(() => db.execute(sql`select 1`)),
    close: () => pool.end(),
  };
}

/** libpq's sslmode in node-postgres's terms: require encrypts without checking the certificate. */
function sslOptions(settings: PostgresSettings): Pick<pg.PoolConfig, 'ssl'> {
  switch (settings.sslMode) {
    case 'disable':
      return { ssl: false };
    case 'require':
      return { ssl: { rejectUnauthorized: false } };
    case 'verify-full':
      return {
        ssl: {
          rejectUnauthorized: true,
          ...(settings.sslRootCert ? { ca: fs.readFileSync(settings.sslRootCert, 'utf8') } : {}),
        },
      };
    default:
      return {};
  }
}

async function openPglite(
  options:
    | { kind: 'pglite'; dataDir: string; snapshot?: Blob | File }
    | { kind: 'pglite-memory'; snapshot?: Blob | File },
): Promise<Database> {
  let lock: DirectoryLock | undefined;
  let dataDir: string | undefined;
  if (options.kind === 'pglite') {
    dataDir = path.resolve(options.dataDir);
    // PGlite fails on a missing parent and takes no lock of its own (ARCHITECTURE §6).
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    lock = acquireDirectoryLock(`${dataDir}.lock`);
  }
  try {
    const client = await PGlite.create({
      dataDir,
      loadDataDir: options.snapshot,
      extensions: { pg_trgm },
      parsers: numberParsers,
    });
    // No instrumentation knows PGlite: with tracing on, its queries get spans of their own (decision 0061).
    tracePglite(client);
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      pglite: client,
      ping: () => timed(() => client.query('select 1')),
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** Applies pending migrations. On PostgreSQL an advisory lock keeps concurrent starts from racing. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its own driver's type
    await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const pool = database.pool;
  if (!pool) throw new Error('postgres database without a pool');
  const client = await pool.connect();
  try {
    // Migrations (an index build on a big table) and the wait for another instance's lock may take
    // longer than DATABASE_STATEMENT_TIMEOUT_MS; this session only, reset before it goes back.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock(727274)');
    const db = drizzlePg({ client, schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    await client.query('reset statement_timeout').catch(() => {});
    client.release();
  }
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return Math.round((performance.now() - start) * 100) / 100;
}
