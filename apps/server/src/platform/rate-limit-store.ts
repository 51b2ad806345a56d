import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from './clock';
import type { Db } from './db';
import { countAttemptInWindow } from './rate-limit';

type Result = { current: number; ttl: number };
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** Past this many remembered keys the in-memory pre-count starts over (it only spares the database). */
const MAX_LOCAL_KEYS = 20_000;

/**
 * Issue 27: @fastify/rate-limit's route limits (unsubscribe, attachments, the not-found handler)
 * counted in this process's memory, so N instances allowed N times each limit. This store counts in
 * rate_limit_buckets, the table the sign-in limits use, so the cluster shares one count (on PGlite
 * too). A key this process has already seen over its limit in the window is refused from memory
 * without a database write: a flood costs the database at most `max` writes per key and instance.
 */
export function postgresRateLimitStore(ctx: { db: Db; clock: Clock }): FastifyRateLimitStoreCtor {
  class PostgresStore implements FastifyRateLimitStore {
    private readonly local = new Map<string, { count: number; windowStart: number }>();
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = 'route:',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Result) => void, timeWindow: number, max: number) {
      const now = ctx.clock.now().getTime();
      const seen = this.local.get(key);
      if (seen && now - seen.windowStart < timeWindow && seen.count >= max) {
        seen.count += 1;
        callback(null, { current: seen.count, ttl: seen.windowStart + timeWindow - now });
        return;
      }
      countAttemptInWindow({ db: ctx.db, clock: ctx.clock, key: `${this.prefix}${key}`, windowMs: timeWindow }).then(
        ({ count, windowStart }) => {
          if (this.local.size >= MAX_LOCAL_KEYS) this.local.clear();
          this.local.set(key, { count, windowStart: windowStart.getTime() });
          callback(null, { current: count, ttl: Math.max(0, windowStart.getTime() + timeWindow - now) });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: RouteOptions) {
      // One count per route (as the default store keeps one per route), the not-found handler's apart.
      // The plugin passes the route's merged limit options, its route under `routeInfo`.
      const merged = routeOptions as unknown as FastifyRateLimitOptions & {
        groupId?: string;
        routeInfo?: { method?: string | string[]; url?: string };
      };
      const info = merged.routeInfo;
      const route = info?.url ? `${[info.method ?? ''].flat().join(',')} ${info.url}` : 'not-found';
      return new PostgresStore(merged, `route:${merged.groupId ?? route}|`);
    }
  }
  return PostgresStore;
}
