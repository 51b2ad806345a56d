import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One lock for every step that changes profile_views' partitions or its roll-up (decision 0063). */
const LOCK = sql`pg_try_advisory_xact_lock(63001, 1)`;

/**
 * Runs `fn` in a transaction holding the profile views' job lock, or not at all when another instance
 * holds it (that instance is doing the same work; the next pass looks again).
 */
export async function underViewsLock<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T | null> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf(await tx.execute(sql`select ${LOCK} as locked`));
    if (row?.locked !== true) return null;
    return fn(tx);
  });
}

export function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows?: Record<string, unknown>[] }).rows ?? [];
}

/** Midnight UTC of the first of `at`'s month, `plus` months on. */
export function monthStart(at: Date, plus = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + plus, 1));
}

/** A partition as its name says: `profile_views_m2026_12` is December 2026, `…_upto_2026_12` all before it. */
export interface ViewPartition {
  name: string;
  from: Date | null;
  to: Date;
}

const NAMED = /^profile_views_(m|upto_)(\d{4})_(\d{2})$/;

export function monthPartitionName(month: Date): string {
  return `profile_views_m${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The ranged partitions of profile_views (the default one and any other name are left out). */
export async function listViewPartitions(tx: Db | Tx): Promise<ViewPartition[]> {
  const rows = rowsOf(
    await tx.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'profile_views'::regclass`),
  );
  const parts: ViewPartition[] = [];
  for (const row of rows) {
    const name = String(row.name);
    const m = NAMED.exec(name);
    if (!m) continue;
    const start = new Date(Date.UTC(Number(m[2]), Number(m[3]) - 1, 1));
    parts.push(m[1] === 'm' ? { name, from: start, to: monthStart(start, 1) } : { name, from: null, to: start });
  }
  return parts.sort((a, b) => a.to.getTime() - b.to.getTime());
}

const covered = (parts: ViewPartition[], month: Date) =>
  parts.some((p) => (p.from === null || p.from <= month) && month < p.to);

/**
 * Creates the partitions of this month and the next `ahead` months that do not exist yet, so views
 * land in their month's partition; the default partition only catches what a missed pass lets through.
 * A month's rows already in the default partition move into the new partition in the same transaction
 * (PostgreSQL refuses a partition whose rows the default one holds). Attached rather than created
 * in place: ATTACH takes a lighter lock on profile_views than CREATE TABLE … PARTITION OF.
 */
export async function ensureViewPartitions(db: Db, now: Date, ahead = 2): Promise<string[]> {
  const existing = await listViewPartitions(db);
  const missing = Array.from({ length: ahead + 1 }, (_, i) => monthStart(now, i)).filter((m) => !covered(existing, m));
  if (missing.length === 0) return [];
  const created = await underViewsLock(db, async (tx) => {
    const parts = await listViewPartitions(tx);
    const made: string[] = [];
    for (const month of missing) {
      if (covered(parts, month)) continue;
      const name = monthPartitionName(month);
      const from = month.toISOString();
      const to = monthStart(month, 1).toISOString();
      await tx.execute(sql.raw(`create table "${name}" (like profile_views including defaults)`));
      await tx.execute(sql`with moved as (
          delete from profile_views_default where viewed_at >= ${from}::timestamptz and viewed_at < ${to}::timestamptz
          returning id, profile_id, viewer_id, viewed_at)
        insert into ${sql.identifier(name)} (id, profile_id, viewer_id, viewed_at)
        select id, profile_id, viewer_id, viewed_at from moved`);
      await tx.execute(
        sql.raw(`alter table profile_views attach partition "${name}" for values from ('${from}') to ('${to}')`),
      );
      made.push(name);
    }
    return made;
  });
  return created ?? [];
}

/**
 * Drops whole months of raw views (decision 0063) once they are rolled up (their end is at or before
 * profile_view_rollup.rolled_until) and older than the `rawMonths` whole months kept before this one.
 * DROP of a partition is instant and leaves no dead rows behind, unlike a DELETE.
 */
export async function dropRolledUpPartitions(db: Db, now: Date, rawMonths: number): Promise<string[]> {
  const keepFrom = monthStart(now, -rawMonths);
  const dropped = await underViewsLock(db, async (tx) => {
    const [state] = rowsOf(await tx.execute(sql`select rolled_until::text as until from profile_view_rollup`));
    if (!state?.until) return [];
    const rolledUntil = new Date(`${String(state.until)}T00:00:00Z`);
    const due = (await listViewPartitions(tx)).filter((p) => p.to <= keepFrom && p.to <= rolledUntil);
    for (const p of due) await tx.execute(sql.raw(`drop table "${p.name}"`));
    return due.map((p) => p.name);
  });
  return dropped ?? [];
}
