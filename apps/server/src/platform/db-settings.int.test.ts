import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openConfiguredDatabase } from '../bootstrap';
import { openTestDatabase, testDatabaseUrl, testDriver } from '../testing';
import { loadConfig } from './config';
import type { Database } from './db';

// The database settings an operator sets (issue 38 point 5, decision 0043) reach PostgreSQL: the
// server opens its pool from DATABASE_* as at start, and PostgreSQL itself reports the timeouts on
// the pooled connections, cancels a statement over the limit, ends a transaction left idle, never
// sees more connections than the pool size, and a connection that cannot be made fails in time.

const onPostgres = testDriver() === 'postgres';
let template: Database | undefined;
let url = '';

beforeAll(async () => {
  if (!onPostgres) return;
  template = await openTestDatabase();
  url = await testDatabaseUrl(template);
});
afterAll(async () => {
  await template?.close();
});

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describe.skipIf(!onPostgres)('on PostgreSQL', () => {
  test('statement_timeout, idle_in_transaction_session_timeout and the pool size reach every pooled connection', async () => {
    const config = loadConfig({
      DATABASE_URL: url,
      DATABASE_POOL_MAX: '3',
      DATABASE_STATEMENT_TIMEOUT_MS: '400',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '700',
    });
    const database = await openConfiguredDatabase(config);
    try {
      // Six at once over a pool of three: three backends, each with the settings.
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          database.db.execute(
            sql`select pg_backend_pid() as pid, current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle, pg_sleep(0.1)`,
          ),
        ),
      );
      const rows = answers.flatMap((answer) => rowsOf<{ pid: number; statement: string; idle: string }>(answer));
      expect(new Set(rows.map((row) => row.pid)).size).toBe(3);
      expect(new Set(rows.map((row) => `${row.statement} ${row.idle}`))).toEqual(new Set(['400ms 700ms']));
      const shown = rowsOf<{ statement_timeout: string }>(await database.db.execute(sql`show statement_timeout`));
      expect(shown[0]?.statement_timeout).toBe('400ms');

      // PostgreSQL enforces them: a statement over the limit is cancelled...
      await expect(database.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({
        cause: expect.objectContaining({ code: '57014' }),
      });
      // ...and a transaction left idle is ended with its connection.
      const client = await database.pool?.connect();
      if (!client) throw new Error('no pool');
      let ended: (Error & { code?: string }) | undefined;
      client.on('error', (error) => {
        ended = error;
      });
      try {
        await client.query('begin');
        const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        // PostgreSQL closed that backend (PostgreSQL 15 does not always get its FATAL out first).
        expect(ended?.message).toMatch(/idle-in-transaction timeout|Connection terminated/);
        await expect(client.query('select 1')).rejects.toThrow();
        const alive = rowsOf<{ n: number }>(
          await database.db.execute(sql`select count(*)::int as n from pg_stat_activity where pid = ${pid}`),
        );
        expect(alive[0]?.n).toBe(0);
      } finally {
        client.release(true);
      }
      // The server's own work goes on on the pool's other connections.
      expect(await database.ping()).toBeGreaterThanOrEqual(0);
    } finally {
      await database.close();
    }
  });

  test('DATABASE_SSLMODE is what the connection asks for: require fails against a server without TLS, disable connects', async () => {
    const refused = openConfiguredDatabase(loadConfig({ DATABASE_URL: url, DATABASE_SSLMODE: 'require' }));
    await expect(refused).rejects.toThrow(/does not support SSL/);
    const plain = await openConfiguredDatabase(loadConfig({ DATABASE_URL: url, DATABASE_SSLMODE: 'disable' }));
    try {
      const ssl = rowsOf<{ ssl: boolean }>(
        await plain.db.execute(sql`select ssl from pg_stat_ssl where pid = pg_backend_pid()`),
      );
      expect(ssl[0]?.ssl).toBe(false);
    } finally {
      await plain.close();
    }
  });
});

test('DATABASE_CONNECT_TIMEOUT_MS: a database that accepts the connection and never answers fails the start in time', async () => {
  const sockets: net.Socket[] = [];
  const silent = net.createServer((socket) => {
    sockets.push(socket);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as net.AddressInfo;
  try {
    const started = performance.now();
    const opening = openConfiguredDatabase(
      loadConfig({ DATABASE_URL: `postgres://fanline@127.0.0.1:${port}/fanline`, DATABASE_CONNECT_TIMEOUT_MS: '300' }),
    );
    await expect(opening).rejects.toThrow(/timeout/i);
    expect(performance.now() - started).toBeLessThan(3_000);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
});
