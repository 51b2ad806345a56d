import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from '../../platform/db';
import type { EventBus } from '../../platform/ports';
import { addTo, Listeners, type Payload, SEEN_FOR_MS, SeenOnce } from './bus-parts';
import { ReplayBuffer } from './replay-buffer';

// The bus's type is a port in the platform (decision 0074); the buses stay here.
export type { DeliverHere, EventBus, Replayed, StreamListener } from '../../platform/ports';

const CHANNEL = 'fanline_events';

/**
 * Realtime fan-out (ARCHITECTURE §1): every event goes through Postgres NOTIFY (or, with
 * EVENT_BUS=nats, a JetStream stream: nats-event-bus.ts), and every instance hears it and hands it to
 * the open streams of the users it names. The instance that published an
 * event also hands it to its own streams the moment the change is committed, without waiting for
 * its copy to come back through LISTEN (issue 14, SSE delivery; decision 0017 round 5); whichever of
 * the two comes first is delivered, the other dropped, so a stream hears each event once.
 */
export function createPostgresEventBus(database: Database, log: () => FastifyBaseLogger): EventBus {
  let stopListening: (() => Promise<void>) | undefined;
  let listening = false;

  // Each event carries this instance's id and a number, so the copy that comes back through LISTEN
  // can be told from one already handed over here (and the other way round).
  const instance = randomUUID();
  const to = new Listeners(instance);
  let numbered = 0;
  const seen = new SeenOnce<number>(SEEN_FOR_MS);
  // Issue 27: what this instance heard through LISTEN, for streams that reconnect with Last-Event-ID.
  const heard = new ReplayBuffer(instance);

  const deliver = (payload: string) => {
    try {
      const parsed = JSON.parse(payload) as Payload;
      const { u, e, o, n } = parsed;
      if (parsed.cards || parsed.ended) return to.control(parsed);
      if (!e) return;
      const id = eventId(o ?? 'unnumbered', n ?? 0);
      // Every copy heard here is kept in the order heard, this instance's own included (commit order).
      if (o !== undefined && n !== undefined) heard.record(id, u, e);
      if (o === instance && n !== undefined && !seen.first(n)) return to.echo(u, e, id, id);
      to.handOver(u, e, id, 'heard');
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
      // Run by name once its shape recurs (platform/statement-names.ts): parsed and planned once per connection.
      await via.execute(sql`select ${sql.join(notifies, sql`, `)}`);
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
          if (seen.first(number)) to.handOver(userIds, event, eventId(instance, number), 'local');
      };
      return { payloads, deliverHere };
    },
    subscribe(userId, listener) {
      return addTo(to.plain, userId, listener);
    },
    subscribeStream(userId, listener) {
      return addTo(to.streams, userId, listener);
    },
    async sessionsEnded(userIds) {
      if (userIds.length === 0) return;
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ u: userIds, ended: true })})`);
    },
    onSessionsEnded(userId, listener) {
      return addTo(to.revocations, userId, listener);
    },
    onAnySessionsEnded(listener) {
      to.anyEnded.add(listener);
      return () => to.anyEnded.delete(listener);
    },
    onAnyEvent(listener) {
      to.anyEvent.add(listener);
      return () => to.anyEvent.delete(listener);
    },
    async cardsChanged() {
      to.cardsChangedHere();
      const payload: Payload = { u: [], cards: true, o: instance };
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(payload)})`);
    },
    onCardsChanged(listener) {
      to.cards.add(listener);
      return () => to.cards.delete(listener);
    },
    head() {
      return heard.head();
    },
    replay(lastId, channels) {
      // At once, in the same synchronous step as the stream's subscription: nothing falls between.
      const position = heard.head();
      const events = heard.after(lastId, channels);
      return events ? { events, position } : null;
    },
    follows() {
      return true;
    },
    async start() {
      if (database.pglite) {
        const unlisten = await database.pglite.listen(CHANNEL, deliver);
        stopListening = unlisten;
        listening = true;
        return;
      }
      if (!database.pool) throw new Error('database has neither PGlite nor a pool');
      stopListening = await listenOnPool(database.pool, deliver, log, (up) => {
        listening = up;
      });
    },
    connected() {
      return listening;
    },
    async stop() {
      // The database may already be gone (a failed health check, a shutdown in progress).
      await stopListening?.().catch((error: unknown) => log().warn({ err: error }, 'could not UNLISTEN'));
      stopListening = undefined;
      listening = false;
      to.clear();
    },
  };
}

/**
 * The call that sends one staged payload to every instance, inside any statement (a value or a
 * placeholder). A null payload (the NATS bus, which publishes after the commit) sends nothing: no
 * NOTIFY is queued, so commits do not take PostgreSQL's notification lock.
 */
export function notifyCall(payload: unknown): SQL {
  return sql`(select pg_notify(${CHANNEL}, v) from (values (${payload}::text)) as staged(v) where v is not null)`;
}

function eventId(origin: string, number: number): string {
  return `${origin}-${number}`;
}

/** A dedicated connection for LISTEN, re-established if it drops. */
async function listenOnPool(
  pool: pg.Pool,
  deliver: (payload: string) => void,
  log: () => FastifyBaseLogger,
  onState: (listening: boolean) => void,
) {
  let client: pg.PoolClient | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const drop = () => {
    const lost = client;
    client = undefined;
    onState(false);
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
    onState(true);
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
