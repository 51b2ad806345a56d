import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db';

/** Every open stream hears something this often (HAProxy's `timeout client/server` is 60 s). */
export const HEARTBEAT_MS = 25_000;
/** The pings go out in this many slices over the heartbeat, not 18,000 writes in one turn of the loop. */
const SLICES = 25;

export interface HeartbeatStream {
  sessionId: string;
  /** A comment line that keeps the connection (and the balancer's idle timer) alive. */
  ping(): void;
  /** The session is gone: the stream ends. */
  end(): void;
}

/**
 * Issue 39: the open streams of an instance re-check their sessions together, in one statement per
 * heartbeat however many there are (was: one per stream every 25 s, ~2,000 statements a second at
 * 50,000 streams). Revocation stays immediate: a sign-out, password change or reset is announced to
 * every instance (`sessionsEnded`), and the user's streams re-check at once (event-stream-routes.ts).
 * The pings are spread over the heartbeat in slices (a stream is pinged every HEARTBEAT_MS still):
 * pinging 18,000 streams in one go held up the events behind it (the streams bench's p99).
 */
export function createStreamHeartbeat(opts: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  liveSessionIds: (opts: { db: Db; clock: Clock; sessionIds: string[] }) => Promise<Set<string>>;
}) {
  const slices = Array.from({ length: SLICES }, () => new Set<HeartbeatStream>());
  const sliceOf = new Map<HeartbeatStream, Set<HeartbeatStream>>();
  let added = 0;
  let tick = 0;
  let timer: NodeJS.Timeout | undefined;

  /** Every stream's session, in one statement; those whose session is gone end. */
  const check = async () => {
    const now = [...sliceOf.keys()];
    if (now.length === 0) return;
    const asked = new Set(now.map((stream) => stream.sessionId));
    let live: Set<string>;
    try {
      live = await opts.liveSessionIds({ db: opts.db, clock: opts.clock, sessionIds: [...asked] });
    } catch (error) {
      // A database hiccup keeps the streams until the next heartbeat.
      opts.log.warn({ err: error }, 'could not re-check the sessions of the event streams');
      return;
    }
    for (const stream of now) if (sliceOf.has(stream) && !live.has(stream.sessionId)) stream.end();
  };
  const onTick = () => {
    const slice = tick % SLICES;
    tick++;
    for (const stream of slices[slice] ?? []) stream.ping();
    if (slice === 0) void check();
  };
  return {
    add(stream: HeartbeatStream): () => void {
      const slice = slices[added++ % SLICES] ?? new Set();
      slice.add(stream);
      sliceOf.set(stream, slice);
      return () => {
        slice.delete(stream);
        sliceOf.delete(stream);
      };
    },
    start() {
      timer = setInterval(onTick, HEARTBEAT_MS / SLICES);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
    /** The session check a heartbeat runs (tests). */
    check,
    get size() {
      return sliceOf.size;
    },
  };
}
