import { randomUUID } from 'node:crypto';
import { gt, lt, sql } from 'drizzle-orm';
import { openStreams } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { MAX_STREAMS_PER_ADDRESS, MAX_STREAMS_PER_USER, tooManyStreams } from './stream-admission';

/** How often an instance tells the others its streams are still open. */
export const LEASE_REFRESH_MS = 30_000;
/** A lease not refreshed for this long belongs to an instance that died: it no longer counts. */
export const LEASE_STALE_MS = 90_000;
/**
 * Issue 39: at most this many admissions share one transaction. Each holds two advisory locks until
 * the commit, and PostgreSQL's lock table is shared (max_locks_per_transaction 64 × max_connections
 * 100 by default, ~6,400 entries): 128 requests take at most 256, so a few instances batching at once
 * stay far from it.
 */
export const ADMISSION_BATCH_MAX = 128;

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

interface Pending {
  userId: string;
  address: string;
  resolve: (id: string) => void;
  reject: (error: unknown) => void;
}

/** A list as one text parameter (`string_to_array(…)`), however long: no statement has thousands of parameters. */
const joined = (values: string[]) => values.join(',');

/**
 * Issue 27: the stream caps (security review M2) hold across the cluster. Admission counts the live
 * leases of every instance for the user and for the address under advisory locks (user keys, then
 * address keys, each in its own key space and in ascending order), so concurrent requests on several
 * instances cannot all slip under a cap.
 *
 * Issue 39: admissions are batched per instance. While one admission transaction runs, the requests
 * that arrive wait, and the next transaction takes them all (up to ADMISSION_BATCH_MAX): it locks
 * every user and address of the batch, counts their live leases once, admits in arrival order while
 * the counts stay under the caps, and inserts the admitted leases in one statement. A lone request
 * still gets a transaction of its own at once; a reconnect storm costs a transaction per batch, not
 * per stream. The lock keys are the ones one-at-a-time admission took (an older release's instance
 * during a rolling deploy), and taking them all in one global order (users before addresses, each
 * ascending) keeps batches of different instances from deadlocking.
 */
export function createStreamLeases(ctx: Pick<AppContext, 'db' | 'clock' | 'log'>, instanceId: string): StreamLeases {
  const mine = new Set<string>();
  const liveSince = () => new Date(ctx.clock.now().getTime() - LEASE_STALE_MS);
  let queue: Pending[] = [];
  let running = false;
  let releasing: string[] = [];
  let releaseRunning = false;

  const admit = async (batch: Pending[]): Promise<Array<string | null>> => {
    const users = [...new Set(batch.map((p) => p.userId))];
    const addresses = [...new Set(batch.map((p) => p.address))];
    return ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(k.space, k.key) from (
          select 27001 as space, hashtext(u) as key from unnest(string_to_array(${joined(users)}, ',')) u
          union
          select 27002, hashtext(a) from unnest(string_to_array(${joined(addresses)}, ',')) a
          order by 1, 2
        ) k`);
      const since = liveSince();
      const counted = (await tx.execute(sql`
          select 'u' as kind, ${openStreams.userId}::text as key, count(*)::int as n from ${openStreams}
            where ${openStreams.userId} = any(string_to_array(${joined(users)}, ',')::uuid[]) and ${openStreams.heartbeatAt} > ${since}
            group by ${openStreams.userId}
          union all
          select 'a', ${openStreams.address}, count(*)::int from ${openStreams}
            where ${openStreams.address} = any(string_to_array(${joined(addresses)}, ',')) and ${openStreams.heartbeatAt} > ${since}
            group by ${openStreams.address}`)) as unknown as { rows: Array<{ kind: string; key: string; n: number }> };
      const perUser = new Map<string, number>();
      const perAddress = new Map<string, number>();
      for (const row of counted.rows) (row.kind === 'u' ? perUser : perAddress).set(row.key, Number(row.n));
      const now = ctx.clock.now();
      const rows: Array<typeof openStreams.$inferInsert> = [];
      const ids = batch.map(({ userId, address }) => {
        const user = perUser.get(userId) ?? 0;
        const here = perAddress.get(address) ?? 0;
        if (user >= MAX_STREAMS_PER_USER || here >= MAX_STREAMS_PER_ADDRESS) return null;
        perUser.set(userId, user + 1);
        perAddress.set(address, here + 1);
        const id = randomUUID();
        rows.push({ id, instanceId, userId, address, openedAt: now, heartbeatAt: now });
        return id;
      });
      if (rows.length > 0) await tx.insert(openStreams).values(rows);
      return ids;
    });
  };

  const drainQueue = async () => {
    if (running) return;
    running = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, ADMISSION_BATCH_MAX);
        queue = queue.slice(batch.length);
        try {
          // Batches of two instances that lock the same keys wait on each other, never deadlock (the
          // order above); an older release's instance locks its two keys in the same order. Should
          // PostgreSQL still report one (40P01), the batch is tried once more.
          const ids = await admit(batch).catch((error: unknown) => {
            if (
              (error as { cause?: { code?: string }; code?: string }).code === '40P01' ||
              (error as { cause?: { code?: string } }).cause?.code === '40P01'
            )
              return admit(batch);
            throw error;
          });
          batch.forEach((pending, i) => {
            const id = ids[i];
            if (id) {
              mine.add(id);
              pending.resolve(id);
            } else pending.reject(tooManyStreams());
          });
        } catch (error) {
          for (const pending of batch) pending.reject(error);
        }
      }
    } finally {
      running = false;
    }
  };

  /** Ended streams' leases go in one statement per round, as admissions do. */
  const drainReleases = async () => {
    if (releaseRunning) return;
    releaseRunning = true;
    try {
      while (releasing.length > 0) {
        const ids = releasing;
        releasing = [];
        try {
          await ctx.db
            .delete(openStreams)
            .where(sql`${openStreams.id} = any(string_to_array(${joined(ids)}, ',')::uuid[])`);
        } catch (error) {
          ctx.log.warn({ err: error }, 'could not release stream leases; they expire by themselves');
        }
      }
    } finally {
      releaseRunning = false;
    }
  };

  return {
    acquire({ userId, address }) {
      return new Promise<string>((resolve, reject) => {
        queue.push({ userId, address, resolve, reject });
        void drainQueue();
      });
    },
    async release(leaseId) {
      // Already gone with all of this instance's (releaseAll at shutdown).
      if (!mine.delete(leaseId)) return;
      releasing.push(leaseId);
      await drainReleases();
    },
    async refresh() {
      if (mine.size > 0)
        await ctx.db
          .update(openStreams)
          .set({ heartbeatAt: ctx.clock.now() })
          .where(sql`${openStreams.id} = any(string_to_array(${joined([...mine])}, ',')::uuid[])`);
      await ctx.db.delete(openStreams).where(lt(openStreams.heartbeatAt, liveSince()));
    },
    async releaseAll() {
      const ids = [...mine];
      mine.clear();
      if (ids.length > 0)
        await ctx.db
          .delete(openStreams)
          .where(sql`${openStreams.id} = any(string_to_array(${joined(ids)}, ',')::uuid[])`);
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
