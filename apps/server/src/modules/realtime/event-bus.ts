import { randomUUID } from 'node:crypto';
import type { TRealtimeEvent } from '@fanline/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database, Db } from '../../platform/db';
import { executeNamed } from '../../platform/prepared';
import { ReplayBuffer } from './replay-buffer';

const CHANNEL = 'fanline_events';

/** Hears an event with its cluster-wide id (`<publishing bus>-<number>`), the SSE `id:` of the event. */
type Listener = (event: TRealtimeEvent, id: string) => void;
/**
 * How a stream hears an event: `heard` through LISTEN (in commit order), `local` handed over by this
 * instance at its commit (ahead of its LISTEN copy), `echo` that copy arriving later: the event's
 * place in commit order, for a stream's Last-Event-ID (event-stream-routes.ts).
 */
export type StreamListener = (event: TRealtimeEvent, id: string, how: 'heard' | 'local' | 'echo') => void;
/**
 * Hands published events to this instance's own streams at once. Published without a transaction,
 * the bus calls it itself; given one (`via`), the caller may call it once that transaction has
 * committed, never before. Uncalled, the events still arrive through LISTEN, a moment later.
 */
export type DeliverHere = () => void;
type RevocationListener = () => void;

/**
 * Realtime fan-out (ARCHITECTURE §1): every event goes through Postgres NOTIFY, and every instance
 * LISTENs and hands it to the open streams of the users it names. The instance that published an
 * event also hands it to its own streams the moment the change is committed, without waiting for
 * its copy to come back through LISTEN (issue 14, SSE delivery; decision 0017 round 5); whichever of
 * the two comes first is delivered, the other dropped, so a stream hears each event once.
 */
export interface EventBus {
  /**
   * Sends each event to the streams of the users it names, in one statement. Given the transaction
   * that makes the change (`via`), the events go out when it commits and never if it rolls back, with
   * no round trip after the commit (issue 14: delivery latency).
   */
  publish(userIds: string[], event: TRealtimeEvent, via?: Db): Promise<DeliverHere>;
  /** Several events in one statement. */
  publishAll(events: Array<{ userIds: string[]; event: TRealtimeEvent }>, via?: Db): Promise<DeliverHere>;
  /**
   * Numbers these events and gives the NOTIFY payloads that carry them, for a statement of the
   * caller's that sends them with `notifyCall` (a statement rendered once: issue 14, SSE delivery).
   * `deliverHere` as publish's: once that statement's transaction has committed.
   */
  stage(events: Array<{ userIds: string[]; event: TRealtimeEvent }>): { payloads: string[]; deliverHere: DeliverHere };
  subscribe(userId: string, listener: Listener): () => void;
  /** subscribe, also told how each event came and when a locally handed-over one is heard. */
  subscribeStream(userId: string, listener: StreamListener): () => void;
  /**
   * Tells every instance that some sessions of these users ended (sign-out, password change or
   * reset), so their open streams re-check their own session at once.
   */
  sessionsEnded(userIds: string[]): Promise<void>;
  onSessionsEnded(userId: string, listener: RevocationListener): () => void;
  /** Hears every such announcement, whoever it names (the session cache forgets those users' rows). */
  onAnySessionsEnded(listener: (userIds: string[]) => void): () => void;
  /** Hears every event any instance publishes, whoever it names. */
  onAnyEvent(listener: () => void): () => void;
  /**
   * Tells every instance that something a creator card shows has changed (issue 39: the use case that
   * changed it says so, after its commit). This instance's onCardsChanged listeners run at once, before
   * this returns; the others' when the announcement reaches them.
   */
  cardsChanged(): Promise<void>;
  /** Hears every cardsChanged announcement, from any instance (the browse cache empties). */
  onCardsChanged(listener: () => void): () => void;
  /** The id a new stream starts from (the last event this instance heard; see ReplayBuffer). */
  head(): string;
  /** The events after `lastId` for `channels`, in commit order; null when `lastId` is unknown here. */
  replay(lastId: string, channels: readonly string[]): Array<{ id: string; event: TRealtimeEvent }> | null;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createEventBus(database: Database, log: () => FastifyBaseLogger): EventBus {
  const listeners = new Map<string, Set<Listener>>();
  const streamListeners = new Map<string, Set<StreamListener>>();
  const revocationListeners = new Map<string, Set<RevocationListener>>();
  const anyEventListeners = new Set<() => void>();
  const anyEndedListeners = new Set<(userIds: string[]) => void>();
  const cardsListeners = new Set<() => void>();
  let stopListening: (() => Promise<void>) | undefined;

  // Each event carries this instance's id and a number, so the copy that comes back through LISTEN
  // can be told from one already handed over here (and the other way round).
  const instance = randomUUID();
  let numbered = 0;
  const seen = new SeenOnce(SEEN_FOR_MS);
  // Issue 27: what this instance heard through LISTEN, for streams that reconnect with Last-Event-ID.
  const heard = new ReplayBuffer(instance);

  const handOver = (userIds: string[], event: TRealtimeEvent, id: string, how: 'heard' | 'local') => {
    for (const listener of anyEventListeners) listener();
    for (const userId of userIds) {
      for (const listener of listeners.get(userId) ?? []) listener(event, id);
      for (const listener of streamListeners.get(userId) ?? []) listener(event, id, how);
    }
  };

  const deliver = (payload: string) => {
    try {
      const { u, e, ended, cards, o, n } = JSON.parse(payload) as Payload;
      if (cards) {
        // This instance's own announcement already ran its listeners when it was made.
        if (o !== instance) for (const listener of cardsListeners) listener();
        return;
      }
      if (ended) {
        for (const listener of anyEndedListeners) listener(u);
        for (const userId of u) for (const listener of revocationListeners.get(userId) ?? []) listener();
        return;
      }
      if (!e) return;
      const id = eventId(o ?? 'unnumbered', n ?? 0);
      // Every copy heard here is kept in the order heard, this instance's own included (commit order).
      if (o !== undefined && n !== undefined) heard.record(id, u, e);
      if (o === instance && n !== undefined && !seen.first(n)) {
        for (const userId of u) for (const listener of streamListeners.get(userId) ?? []) listener(e, id, 'echo');
        return;
      }
      handOver(u, e, id, 'heard');
    } catch (error) {
      log().warn({ err: error }, 'bad realtime payload');
    }
  };

  return {
    async publish(userIds, event, via) {
      return this.publishAll([{ userIds, event }], via);
    },
    async publishAll(events, via = database.db) {
      const { payloads, deliverHere } = this.stage(events.filter(({ userIds }) => userIds.length > 0));
      if (payloads.length === 0) return () => {};
      const notifies = payloads.map((payload) => notifyCall(payload));
      // Named once its shape recurs: such a statement is parsed and planned once per connection.
      await executeNamed(via, sql`select ${sql.join(notifies, sql`, `)}`);
      // Without a transaction of the caller's, the statement has committed by now.
      if (via === database.db) deliverHere();
      return deliverHere;
    },
    stage(events) {
      // Each event is numbered: its NOTIFY copy and its hand-over here are told apart by that number.
      const sent = events.map(({ userIds, event }) => ({ userIds, event, number: ++numbered }));
      // Payloads stay tiny (ids only, far below NOTIFY's 8000 bytes): clients re-read what changed.
      const payloads = sent.map(({ userIds, event, number }) =>
        JSON.stringify({ u: userIds, e: event, o: instance, n: number } satisfies Payload),
      );
      let handed = false;
      const deliverHere = () => {
        if (handed) return;
        handed = true;
        for (const { userIds, event, number } of sent)
          if (seen.first(number)) handOver(userIds, event, eventId(instance, number), 'local');
      };
      return { payloads, deliverHere };
    },
    subscribe(userId, listener) {
      return addTo(listeners, userId, listener);
    },
    subscribeStream(userId, listener) {
      return addTo(streamListeners, userId, listener);
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
    async cardsChanged() {
      for (const listener of cardsListeners) listener();
      const payload: Payload = { u: [], cards: true, o: instance };
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(payload)})`);
    },
    onCardsChanged(listener) {
      cardsListeners.add(listener);
      return () => cardsListeners.delete(listener);
    },
    head() {
      return heard.head();
    },
    replay(lastId, channels) {
      return heard.after(lastId, channels);
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
      streamListeners.clear();
      revocationListeners.clear();
      anyEventListeners.clear();
      anyEndedListeners.clear();
      cardsListeners.clear();
    },
  };
}

/** The call that sends one staged payload to every instance, inside any statement (a value or a placeholder). */
export function notifyCall(payload: unknown): SQL {
  return sql`pg_notify(${CHANNEL}, ${payload})`;
}

interface Payload {
  u: string[];
  e?: TRealtimeEvent;
  ended?: true;
  /** Something creator cards show changed (cardsChanged). */
  cards?: true;
  /** The publishing instance and the event's number there. */
  o?: string;
  n?: number;
}

function eventId(origin: string, number: number): string {
  return `${origin}-${number}`;
}

/** How long an event's number is remembered: far longer than its copy takes to come back. */
const SEEN_FOR_MS = 60_000;

/**
 * Event numbers seen once, forgotten when seen the second time or after `forMs` (a copy that never
 * comes back: a caller that did not call DeliverHere, a LISTEN connection lost meanwhile).
 */
class SeenOnce {
  private readonly at = new Map<number, number>();
  constructor(private readonly forMs: number) {}

  /** True the first time a number is offered, false the second. */
  first(n: number): boolean {
    if (this.at.delete(n)) return false;
    const now = Date.now();
    // Oldest first (a Map keeps insertion order): drop what has waited too long.
    for (const [old, since] of this.at) {
      if (now - since < this.forMs) break;
      this.at.delete(old);
    }
    this.at.set(n, now);
    return true;
  }
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
