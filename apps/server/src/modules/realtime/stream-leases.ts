import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { openStreams } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { MAX_STREAMS_PER_ADDRESS, MAX_STREAMS_PER_USER, tooManyStreams } from './stream-admission';

/** How often an instance tells the others its streams are still open. */
export const LEASE_REFRESH_MS = 30_000;
/** A lease not refreshed for this long belongs to an instance that died: it no longer counts. */
export const LEASE_STALE_MS = 90_000;

export interface StreamLeases {
  /** Counts the stream against the cluster-wide caps and records it; throws RATE_LIMITED when over. */
  acquire(opts: { userId: string; address: string }): Promise<string>;
  /** The stream ended: its lease goes (a failure only logs; the lease then goes stale). */
  release(leaseId: string): Promise<void>;
  /** Refreshes this instance's leases and prunes every instance's stale ones. */
  refresh(): Promise<void>;
  /** This instance is going away: all its leases go. */
  releaseAll(): Promise<void>;
}

/**
 * Issue 27: the stream caps (security review M2) hold across the cluster. Admission counts the live
 * leases of every instance for the user and for the address under two advisory locks (user, then
 * address, each in its own key space, so two requests never wait on each other crosswise), so
 * concurrent requests on several instances cannot all slip under a cap.
 */
export function createStreamLeases(ctx: Pick<AppContext, 'db' | 'clock' | 'log'>, instanceId: string): StreamLeases {
  const mine = new Set<string>();
  const liveSince = () => new Date(ctx.clock.now().getTime() - LEASE_STALE_MS);
  return {
    async acquire({ userId, address }) {
      const id = randomUUID();
      await ctx.db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(27001, hashtext(${userId})), pg_advisory_xact_lock(27002, hashtext(${address}))`,
        );
        const [counts] = await tx
          .select({
            user: sql<number>`count(*) filter (where ${openStreams.userId} = ${userId})`.mapWith(Number),
            address: sql<number>`count(*) filter (where ${openStreams.address} = ${address})`.mapWith(Number),
          })
          .from(openStreams)
          .where(
            and(
              gt(openStreams.heartbeatAt, liveSince()),
              or(eq(openStreams.userId, userId), eq(openStreams.address, address)),
            ),
          );
        if ((counts?.user ?? 0) >= MAX_STREAMS_PER_USER || (counts?.address ?? 0) >= MAX_STREAMS_PER_ADDRESS)
          throw tooManyStreams();
        const now = ctx.clock.now();
        await tx.insert(openStreams).values({ id, instanceId, userId, address, openedAt: now, heartbeatAt: now });
      });
      mine.add(id);
      return id;
    },
    async release(leaseId) {
      // Already gone with all of this instance's (releaseAll at shutdown).
      if (!mine.delete(leaseId)) return;
      try {
        await ctx.db.delete(openStreams).where(eq(openStreams.id, leaseId));
      } catch (error) {
        ctx.log.warn({ err: error }, 'could not release a stream lease; it expires by itself');
      }
    },
    async refresh() {
      if (mine.size > 0)
        await ctx.db
          .update(openStreams)
          .set({ heartbeatAt: ctx.clock.now() })
          .where(inArray(openStreams.id, [...mine]));
      await ctx.db.delete(openStreams).where(lt(openStreams.heartbeatAt, liveSince()));
    },
    async releaseAll() {
      const ids = [...mine];
      mine.clear();
      if (ids.length > 0) await ctx.db.delete(openStreams).where(inArray(openStreams.id, ids));
    },
  };
}

/**
 * The live streams of each instance at `now`, by instance id (Admin › System, decision 0064): the same
 * leases the cluster-wide caps count, so a lease gone stale (its instance died) counts nowhere.
 */
export async function countLiveStreamsByInstance(ctx: Pick<AppContext, 'db'>, now: Date): Promise<Map<string, number>> {
  const rows = await ctx.db
    .select({ instanceId: openStreams.instanceId, streams: sql<number>`count(*)::int`.mapWith(Number) })
    .from(openStreams)
    .where(gt(openStreams.heartbeatAt, new Date(now.getTime() - LEASE_STALE_MS)))
    .groupBy(openStreams.instanceId);
  return new Map(rows.map((row) => [row.instanceId, row.streams]));
}
