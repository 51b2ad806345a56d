import { eq, lt, sql } from 'drizzle-orm';
import { rateLimitBuckets } from '../db/schema';
import type { Clock } from './clock';
import type { Db } from './db';

export const AUTH_WINDOW_MS = 15 * 60_000;
/** The longest window any counter may use; buckets older than this are pruned by the jobs loop. */
export const LONGEST_WINDOW_MS = 60 * 60_000;
/**
 * Failures for one email from all addresses together may reach this many times the per-address
 * limit: strangers cannot lock the owner out from their own addresses, yet a spread-out guessing
 * campaign against one account still stops.
 */
export const EMAIL_CEILING_FACTOR = 20;

/**
 * Counts one attempt against `key` in a fixed window and returns the count so far. One upsert, so
 * concurrent attempts from several instances are all counted.
 */
export async function countAttempt(opts: { db: Db; clock: Clock; key: string; windowMs?: number }): Promise<number> {
  return (await countAttemptInWindow(opts)).count;
}

/** countAttempt, also telling when the current window started (a caller may remember it). */
export async function countAttemptInWindow(opts: {
  db: Db;
  clock: Clock;
  key: string;
  windowMs?: number;
}): Promise<{ count: number; windowStart: Date }> {
  const windowMs = opts.windowMs ?? AUTH_WINDOW_MS;
  if (windowMs > LONGEST_WINDOW_MS) throw new Error(`rate-limit window ${windowMs} ms is over ${LONGEST_WINDOW_MS} ms`);
  const now = opts.clock.now();
  const windowStartedBefore = new Date(now.getTime() - windowMs);
  const [row] = await opts.db
    .insert(rateLimitBuckets)
    .values({ key: opts.key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        count: sql`case when ${rateLimitBuckets.windowStart} <= ${windowStartedBefore} then 1 else ${rateLimitBuckets.count} + 1 end`,
        windowStart: sql`case when ${rateLimitBuckets.windowStart} <= ${windowStartedBefore} then ${now} else ${rateLimitBuckets.windowStart} end`,
      },
    })
    .returning({ count: rateLimitBuckets.count, windowStart: rateLimitBuckets.windowStart });
  return { count: row?.count ?? 1, windowStart: row?.windowStart ?? now };
}

/** Attempts counted against `key` in the current window, without counting one more. */
export async function attemptsSoFar(opts: { db: Db; clock: Clock; key: string; windowMs?: number }): Promise<number> {
  return (await windowSoFar(opts)).count;
}

/** attemptsSoFar, also telling how many seconds remain until the window ends (for Retry-After). */
export async function windowSoFar(opts: {
  db: Db;
  clock: Clock;
  key: string;
  windowMs?: number;
}): Promise<{ count: number; retryAfterSeconds: number }> {
  const windowMs = opts.windowMs ?? AUTH_WINDOW_MS;
  const [row] = await opts.db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, opts.key));
  if (!row) return { count: 0, retryAfterSeconds: 0 };
  const now = opts.clock.now().getTime();
  if (row.windowStart.getTime() <= now - windowMs) return { count: 0, retryAfterSeconds: 0 };
  return { count: row.count, retryAfterSeconds: secondsUntilWindowEnds(row.windowStart, now, windowMs) };
}

/** Whole seconds (at least 1) from `now` until a window that began at `windowStart` ends. */
export function secondsUntilWindowEnds(windowStart: Date, now: number, windowMs = AUTH_WINDOW_MS): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
}

/** Deletes buckets whose window has passed for every caller; returns how many went. */
export async function pruneRateLimitBuckets(db: Db, clock: Clock): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - LONGEST_WINDOW_MS);
  const gone = await db
    .delete(rateLimitBuckets)
    .where(lt(rateLimitBuckets.windowStart, cutoff))
    .returning({ key: rateLimitBuckets.key });
  return gone.length;
}
