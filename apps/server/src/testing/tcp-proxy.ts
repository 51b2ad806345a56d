import net from 'node:net';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../platform/db';
import { withDatabase } from './global-setup';

/**
 * A loopback TCP proxy to a database server that a test can cut (every connection dropped, new ones
 * refused) and restore on the same port, as when PostgreSQL restarts or the network fails.
 */
export interface TcpProxy {
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server = listening;
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        port = (listening.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const stop = async () => {
    const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const s of sockets) s.destroy();
    sockets.clear();
    await closing;
    server = undefined;
  };
  await listen();
  return {
    get port() {
      return port;
    },
    stop,
    start: listen,
    close: stop,
  };
}

/** The current test file's PostgreSQL database, reached through a proxy the test controls. */
export async function openProxiedTestDatabase(database: Database): Promise<{ database: Database; proxy: TcpProxy }> {
  const server = inject('postgresUrl');
  if (!server || database.driver !== 'postgres') throw new Error('openProxiedTestDatabase needs PostgreSQL');
  const url = new URL(await testDatabaseUrl(database));
  const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return { database: await openDatabase({ kind: 'postgres', url: url.toString(), max: 3 }), proxy };
}

/** The connection URL of a PostgreSQL test database (for a second process or a proxy). */
export async function testDatabaseUrl(database: Database): Promise<string> {
  const server = inject('postgresUrl');
  if (!server || database.driver !== 'postgres') throw new Error('testDatabaseUrl needs PostgreSQL');
  const result = await database.db.execute(sql`select current_database() as name`);
  const name = (result as unknown as { rows: Array<{ name: string }> }).rows[0]?.name ?? '';
  return withDatabase(server, name);
}
