import type { TRealtimeEvent } from '@fanline/contracts';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database, Db } from '../../platform/db';
import { executeNamed } from '../../platform/prepared';

const CHANNEL = 'fanline_events';

type Listener = (event: TRealtimeEvent) => void;
type RevocationListener = () => void;

/**
 * Realtime fan-out (ARCHITECTURE §1): every event goes through Postgres NOTIFY, and every instance
 * LISTENs and hands it to the open streams of the users it names. An instance hears its own
 * events the same way, so one path serves one instance or many.
 */
export interface EventBus {
  /**
   * Sends each event to the streams of the users it names, in one statement. Given the transaction
   * that makes the change (`via`), the events go out when it commits and never if it rolls back, with
   * no round trip after the commit (issue 14: delivery latency).
   */
  publish(userIds: string[], event: TRealtimeEvent, via?: Db): Promise<void>;
  /**
   * Several events in one statement. `alongside`: writes of the same transaction (an insert, say) sent
   * in that statement too, as data-modifying WITH parts: one round trip for both.
   */
  publishAll(
    events: Array<{ userIds: string[]; event: TRealtimeEvent }>,
    via?: Db,
    alongside?: readonly SQLWrapper[],
  ): Promise<void>;
  subscribe(userId: string, listener: Listener): () => void;
  /**
   * Tells every instance that some sessions of these users ended (sign-out, password change or
   * reset), so their open streams re-check their own session at once.
   */
  sessionsEnded(userIds: string[]): Promise<void>;
  onSessionsEnded(userId: string, listener: RevocationListener): () => void;
  /** Hears every such announcement, whoever it names (the session cache forgets those users' rows). */
  onAnySessionsEnded(listener: (userIds: string[]) => void): () => void;
  /** Hears every event any instance publishes, whoever it names (caches of shared reads). */
  onAnyEvent(listener: () => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createEventBus(database: Database, log: () => FastifyBaseLogger): EventBus {
  const listeners = new Map<string, Set<Listener>>();
  const revocationListeners = new Map<string, Set<RevocationListener>>();
  const anyEventListeners = new Set<() => void>();
  const anyEndedListeners = new Set<(userIds: string[]) => void>();
  let stopListening: (() => Promise<void>) | undefined;

  const deliver = (payload: string) => {
    try {
      const { u, e, ended } = JSON.parse(payload) as { u: string[]; e?: TRealtimeEvent; ended?: true };
      if (ended) {
        for (const listener of anyEndedListeners) listener(u);
        for (const userId of u) for (const listener of revocationListeners.get(userId) ?? []) listener();
        return;
      }
      if (!e) return;
      for (const listener of anyEventListeners) listener();
      for (const userId of u) for (const listener of listeners.get(userId) ?? []) listener(e);
    } catch (error) {
      log().warn({ err: error }, 'bad realtime payload');
    }
  };

  return {
    async publish(userIds, event, via) {
      await this.publishAll([{ userIds, event }], via);
    },
    async publishAll(events, via = database.db, alongside = []) {
      // Payloads stay tiny (ids only, far below NOTIFY's 8000 bytes): clients re-read what changed.
      const notifies = events
        .filter(({ userIds }) => userIds.length > 0)
        .map(({ userIds, event }) => sql`pg_notify(${CHANNEL}, ${JSON.stringify({ u: userIds, e: event })})`);
      if (notifies.length === 0 && alongside.length === 0) return;
      // PostgreSQL runs every data-modifying WITH part, referenced or not, exactly once.
      // (Drizzle puts an embedded query in parentheses itself.)
      const parts = alongside.map((statement, i) => sql`${sql.raw(`w${i}`)} as ${statement}`);
      const prefix = parts.length > 0 ? sql`with ${sql.join(parts, sql`, `)} ` : sql``;
      // Named once its shape recurs: a paid message's statement is parsed and planned once per connection.
      await executeNamed(via, sql`${prefix}select ${notifies.length > 0 ? sql.join(notifies, sql`, `) : sql`1`}`);
    },
    subscribe(userId, listener) {
      return addTo(listeners, userId, listener);
    },
    async sessionsEnded(userIds) {
      if (userIds.length === 0) return;
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ u: userIds, ended: true })})`);
    },
    onSessionsEnded(userId, listener) {
      return addTo(revocationListeners, userId, listener);
    },
    onAnySessionsEnded(listener) {
      anyEndedListeners.add(listener);
      return () => anyEndedListeners.delete(listener);
    },
    onAnyEvent(listener) {
      anyEventListeners.add(listener);
      return () => anyEventListeners.delete(listener);
    },
    async start() {
      if (database.pglite) {
        const unlisten = await database.pglite.listen(CHANNEL, deliver);
        stopListening = unlisten;
        return;
      }
      if (!database.pool) throw new Error('database has neither PGlite nor a pool');
      stopListening = await listenOnPool(database.pool, deliver, log);
    },
    async stop() {
      // The database may already be gone (a failed health check, a shutdown in progress).
      await stopListening?.().catch((error: unknown) => log().warn({ err: error }, 'could not UNLISTEN'));
      stopListening = undefined;
      listeners.clear();
      revocationListeners.clear();
      anyEventListeners.clear();
      anyEndedListeners.clear();
    },
  };
}

function addTo<T>(map: Map<string, Set<T>>, userId: string, listener: T): () => void {
  const set = map.get(userId) ?? new Set<T>();
  set.add(listener);
  map.set(userId, set);
  return () => {
    set.delete(listener);
    if (set.size === 0 && map.get(userId) === set) map.delete(userId);
  };
}

/** A dedicated connection for LISTEN, re-established if it drops. */
async function listenOnPool(pool: pg.Pool, deliver: (payload: string) => void, log: () => FastifyBaseLogger) {
  let client: pg.PoolClient | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const drop = () => {
    const lost = client;
    client = undefined;
    try {
      lost?.release(true);
    } catch {
      // already released
    }
  };
  // Keeps trying every second while the database is away: a single retry that failed (the database
  // still down a second later) left live updates off until the next restart.
  const later = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      if (client) return;
      connect().catch(() => {
        drop();
        later();
      });
    }, 1000);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    const fresh = await pool.connect();
    client = fresh;
    fresh.on('notification', (message) => message.payload && deliver(message.payload));
    fresh.on('error', (error) => {
      log().warn({ err: error }, 'realtime LISTEN connection lost; reconnecting');
      if (client === fresh) drop();
      later();
    });
    await fresh.query(`LISTEN ${CHANNEL}`);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    if (client) {
      await client.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
      client.release();
    }
  };
}
