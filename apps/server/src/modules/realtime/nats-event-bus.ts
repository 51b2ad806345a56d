import { randomUUID } from 'node:crypto';
import type { TRealtimeEvent } from '@fanline/contracts';
import {
  type ConsumerMessages,
  DeliverPolicy,
  DiscardPolicy,
  type JetStreamManager,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type StreamConfig,
} from '@nats-io/jetstream';
import { connect, type NatsConnection, nanos } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db';
import { addTo, Listeners, type Payload, SEEN_FOR_MS, SeenOnce } from './bus-parts';
import type { EventBus, Replayed } from './event-bus';
import { REPLAY_MAX_AGE_MS } from './replay-buffer';

/** The most a deployment's stream keeps on disk, whatever its age (events are ids only, ~200 bytes). */
const STREAM_MAX_BYTES = 512 * 1024 * 1024;
/** How long a stop waits for the client to send what it buffered (a broker that is away never takes it). */
const STOP_DRAIN_MS = 2000;
/** A user id or pseudo channel must be one subject token. */
const TOKEN = /^[A-Za-z0-9_-]+$/;

/**
 * Issue 39, decision 0066: live events through NATS JetStream. Every event is published once per user
 * it names, on `<stream>.u.<user>`, to a stream that keeps them for the replay window; every instance
 * reads the whole stream in order with an ordered consumer and hands each event to that user's open
 * streams. The stream's sequence is the event's id (`<stream epoch>:<sequence>`), the same on every
 * instance, so a stream that reconnects with Last-Event-ID anywhere, even after every instance was
 * replaced, is replayed from JetStream (its own subjects, after that sequence) instead of resyncing.
 *
 * Events are published after their transaction commits (DeliverHere: never one that rolls back),
 * with a core publish the client buffers while NATS is away; session and card announcements are
 * plain NATS messages on `<stream>.control`, outside the stream. The instance that publishes hands
 * the event to its own streams at once, as the PostgreSQL bus does, and its copy through the stream
 * later gives that event its id (`echo`).
 */
export function createNatsEventBus(
  opts: { url: string[]; stream: string },
  log: () => FastifyBaseLogger,
  db: Db,
): EventBus {
  const instance = randomUUID();
  const to = new Listeners(instance);
  const { stream } = opts;
  const userSubject = (userId: string) => `${stream}.u.${userId}`;
  const controlSubject = `${stream}.control`;
  const encoder = new TextEncoder();
  let nc: NatsConnection | undefined;
  let jsm: JetStreamManager | undefined;
  let feed: ConsumerMessages | undefined;
  /** The stream's creation time: ids of a stream that was deleted and made again are not its ids. */
  let epoch = '';
  /** The last sequence this instance has handed over (or the stream's last one when it started). */
  let heardSeq = 0;
  let numbered = 0;
  let connected = false;
  /** `<number>/<user>` of events handed over here at their commit, whose copy has not come back. */
  const seen = new SeenOnce<string>(SEEN_FOR_MS);

  const idOf = (seq: number) => `${epoch}:${seq}`;
  const seqOf = (id: string): number | undefined => {
    const at = id.lastIndexOf(':');
    if (at < 0 || id.slice(0, at) !== epoch) return undefined;
    const seq = Number(id.slice(at + 1));
    return Number.isSafeInteger(seq) && seq >= 0 ? seq : undefined;
  };

  const publishNow = (userIds: string[], event: TRealtimeEvent, number: number) => {
    if (!nc) return;
    const body = encoder.encode(JSON.stringify({ u: [], e: event, o: instance, n: number } satisfies Payload));
    for (const userId of userIds) {
      if (!TOKEN.test(userId)) {
        log().warn({ userId }, 'live event for a channel that is not a NATS subject token; not sent');
        continue;
      }
      try {
        nc.publish(userSubject(userId), body);
      } catch (error) {
        // Closed (stopping): the change is committed; its live word is lost, the page shows it on its next read.
        log().warn({ err: error }, 'could not publish a live event to NATS');
      }
    }
  };

  const deliver = (subject: string, data: Uint8Array, seq: number) => {
    heardSeq = seq;
    try {
      const userId = subject.slice(`${stream}.u.`.length);
      const { e, o, n } = JSON.parse(new TextDecoder().decode(data)) as Payload;
      if (!e) return;
      const id = idOf(seq);
      if (o === instance && n !== undefined && !seen.first(`${n}/${userId}`))
        return to.echo([userId], e, id, localId(instance, n));
      to.handOver([userId], e, id, 'heard');
    } catch (error) {
      log().warn({ err: error }, 'bad realtime message');
    }
  };

  const announce = async (payload: Payload) => {
    if (!nc) return;
    nc.publish(controlSubject, encoder.encode(JSON.stringify(payload)));
    // Sent before the caller answers (a sign-out, a card change): the server has it. While NATS is
    // away the word waits in the client's buffer and the answer does not wait for it.
    if (!connected) return;
    await Promise.race([nc.flush().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 500).unref())]);
  };

  return {
    async publish(userIds, event, via) {
      return this.publishAll([{ userIds, event }], via);
    },
    async publishAll(events, via) {
      const { deliverHere } = this.stage(events.filter(({ userIds }) => userIds.length > 0));
      // Without a transaction of the caller's there is nothing to wait for.
      if (!via || via === db) deliverHere();
      return deliverHere;
    },
    stage(events) {
      const sent = events.map(({ userIds, event }) => ({ userIds, event, number: ++numbered }));
      let handed = false;
      const deliverHere = () => {
        if (handed) return;
        handed = true;
        for (const { userIds, event, number } of sent) {
          publishNow(userIds, event, number);
          const fresh = userIds.filter((userId) => seen.first(`${number}/${userId}`));
          if (fresh.length > 0) to.handOver(fresh, event, localId(instance, number), 'local');
        }
      };
      return { payloads: sent.map(() => null), deliverHere };
    },
    subscribe(userId, listener) {
      return addTo(to.plain, userId, listener);
    },
    subscribeStream(userId, listener) {
      return addTo(to.streams, userId, listener);
    },
    async sessionsEnded(userIds) {
      if (userIds.length > 0) await announce({ u: userIds, ended: true });
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
      await announce({ u: [], cards: true, o: instance });
    },
    onCardsChanged(listener) {
      to.cards.add(listener);
      return () => to.cards.delete(listener);
    },
    head() {
      return idOf(heardSeq);
    },
    async replay(lastId, channels) {
      const after = seqOf(lastId);
      if (after === undefined || !jsm) return null;
      try {
        return await replayFrom(jsm, stream, after, channels.map(userSubject), idOf);
      } catch (error) {
        log().warn({ err: error }, 'could not replay live events from JetStream; the stream resyncs');
        return null;
      }
    },
    follows(id, position) {
      const seq = seqOf(id);
      const from = seqOf(position);
      return seq === undefined || from === undefined || seq > from;
    },
    async start() {
      // NATS must answer at start (like a missing bucket, a missing broker stops the start); after
      // that the client reconnects for ever, buffering what is published meanwhile.
      nc = await connect({
        servers: opts.url,
        name: `fanline-${instance}`,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
      });
      connected = true;
      watchStatus(nc, log, (up) => {
        connected = up;
      });
      jsm = await jetstreamManager(nc);
      const info = await ensureStream(jsm, stream);
      epoch = Date.parse(info.created).toString(36);
      heardSeq = info.state.last_seq;
      nc.subscribe(controlSubject, {
        callback: (error, msg) => {
          if (error) return log().warn({ err: error }, 'NATS control subscription failed');
          try {
            to.control(msg.json<Payload>());
          } catch (bad) {
            log().warn({ err: bad }, 'bad realtime control message');
          }
        },
      });
      // An ordered consumer: in stream order, recreated by the client from the next sequence after a
      // reconnect or a gap, so every instance hears every event once and in the same order.
      const consumer = await jetstream(nc).consumers.get(stream, {
        filter_subjects: `${stream}.u.>`,
        deliver_policy: DeliverPolicy.StartSequence,
        opt_start_seq: heardSeq + 1,
      });
      feed = await consumer.consume({
        max_messages: 1000,
        callback: (msg) => deliver(msg.subject, msg.data, msg.seq),
      });
    },
    connected() {
      return connected;
    },
    async stop() {
      const closing = nc;
      nc = undefined;
      connected = false;
      jsm = undefined;
      await feed?.close().catch(() => {});
      feed = undefined;
      // Sends what is still buffered before closing; a broker that is away does not hold the stop up.
      if (closing) {
        const drained = closing.drain().catch((error: unknown) => log().warn({ err: error }, 'could not drain NATS'));
        const timer = new Promise<void>((resolve) => setTimeout(resolve, STOP_DRAIN_MS).unref());
        await Promise.race([drained, timer]);
        if (!closing.isClosed()) await closing.close().catch(() => {});
      }
      to.clear();
    },
  };
}

function localId(instance: string, number: number): string {
  return `${instance}-${number}`;
}

/**
 * The events after sequence `after` on `subjects` (a user's own, and the admins' for an admin), in
 * stream order, up to the stream's last sequence now; null when that sequence is no longer kept (older
 * than the window) or was never this stream's.
 */
async function replayFrom(
  jsm: JetStreamManager,
  stream: string,
  after: number,
  subjects: string[],
  idOf: (seq: number) => string,
): Promise<Replayed | null> {
  const { state } = await jsm.streams.info(stream);
  if (after > state.last_seq || after + 1 < state.first_seq) return null;
  const found: Array<{ seq: number; event: TRealtimeEvent }> = [];
  for (const subject of subjects) {
    let cursor = after + 1;
    while (cursor <= state.last_seq) {
      const msg = await jsm.direct.getMessage(stream, { seq: cursor, next_by_subj: subject });
      if (!msg || msg.seq > state.last_seq) break;
      const { e } = msg.json<Payload>();
      if (e) found.push({ seq: msg.seq, event: e });
      cursor = msg.seq + 1;
    }
  }
  found.sort((a, b) => a.seq - b.seq);
  return { events: found.map(({ seq, event }) => ({ id: idOf(seq), event })), position: idOf(state.last_seq) };
}

/** The deployment's stream, made on first start and kept to the replay window. */
async function ensureStream(jsm: JetStreamManager, name: string) {
  const config: Partial<StreamConfig> & { name: string } = {
    name,
    subjects: [`${name}.u.>`],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(REPLAY_MAX_AGE_MS),
    max_bytes: STREAM_MAX_BYTES,
    num_replicas: 1,
    // Replays read with direct gets (the next message on a subject after a sequence).
    allow_direct: true,
  };
  try {
    const info = await jsm.streams.info(name);
    if (
      info.config.max_age !== config.max_age ||
      info.config.subjects?.join() !== config.subjects?.join() ||
      !info.config.allow_direct
    )
      return await jsm.streams.update(name, { ...info.config, ...config });
    return info;
  } catch (error) {
    if (!isStreamNotFound(error)) throw error;
    // Several instances may start at once: adding the same configuration twice is no error.
    return await jsm.streams.add(config);
  }
}

function isStreamNotFound(error: unknown): boolean {
  return error instanceof Error && /stream not found/i.test(error.message);
}

function watchStatus(nc: NatsConnection, log: () => FastifyBaseLogger, onChange: (connected: boolean) => void) {
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        onChange(false);
        log().warn('NATS connection lost; live events wait until it is back');
      } else if (status.type === 'reconnect') {
        onChange(true);
        log().info('NATS connection back');
      }
    }
  })().catch(() => {});
}
