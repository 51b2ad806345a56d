import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db';

/** Every open stream hears something this often (HAProxy's `timeout client/server` is 60 s). */
export const HEARTBEAT_MS = 25_000;

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
 */
export function createStreamHeartbeat(opts: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  liveSessionIds: (opts: { db: Db; clock: Clock; sessionIds: string[] }) => Promise<Set<string>>;
}) {
  const streams = new Set<HeartbeatStream>();
  let timer: NodeJS.Timeout | undefined;
  const beat = async () => {
    const now = [...streams];
    if (now.length === 0) return;
    const asked = new Set(now.map((stream) => stream.sessionId));
    let live: Set<string>;
    try {
      live = await opts.liveSessionIds({ db: opts.db, clock: opts.clock, sessionIds: [...asked] });
    } catch (error) {
      // A database hiccup keeps the streams until the next heartbeat.
      opts.log.warn({ err: error }, 'could not re-check the sessions of the event streams');
      live = asked;
    }
    for (const stream of now) {
      if (!streams.has(stream)) continue;
      if (live.has(stream.sessionId)) stream.ping();
      else stream.end();
    }
  };
  return {
    add(stream: HeartbeatStream): () => void {
      streams.add(stream);
      return () => streams.delete(stream);
    },
    start() {
      timer = setInterval(() => void beat(), HEARTBEAT_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
    /** One heartbeat now (what the interval runs). */
    beat,
    get size() {
      return streams.size;
    },
  };
}
