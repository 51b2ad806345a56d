import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf, underViewsLock } from './profile-view-partitions';

const DAY_MS = 86_400_000;

/** Midnight UTC of `at`'s day. */
function dayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/**
 * Adds finished UTC days of raw views into profile_view_months (decision 0063) and moves the watermark
 * `rolled_until` past them in the same transaction, under the views' job lock: a day is added once,
 * whichever instance gets there, and a reader (one statement: the months plus the raw rows from the
 * watermark on) sees each view exactly once before, during and after. A day is finished `graceMs`
 * after its midnight, so a view stamped 23:59:59.999 whose insert commits a moment later is still raw.
 * One day per transaction (at 1×, ~2M rows: well inside the statement timeout), up to `maxSteps` days
 * a pass, so a backlog (the first pass over a full table) goes in steps of a day.
 * Returns the watermark as it stands (null: nothing to roll up yet).
 */
export async function rollUpProfileViews(
  db: Db,
  now: Date,
  opts: { graceMs?: number; maxDays?: number; maxSteps?: number } = {},
): Promise<string | null> {
  const cutoff = dayStart(new Date(now.getTime() - (opts.graceMs ?? 10 * 60_000)));
  let until: string | null = null;
  for (let step = 0; step < (opts.maxSteps ?? 12); step += 1) {
    const result = await underViewsLock(db, async (tx) => {
      const [state] = rowsOf(await tx.execute(sql`select rolled_until::text as until from profile_view_rollup`));
      let from: Date;
      if (state?.until) from = new Date(`${String(state.until)}T00:00:00Z`);
      else {
        const [first] = rowsOf(await tx.execute(sql`select min(viewed_at) as first from profile_views`));
        if (!first?.first) return { until: null, more: false };
        from = dayStart(new Date(first.first as string));
      }
      if (from >= cutoff) return { until: from.toISOString().slice(0, 10), more: false };
      const to = new Date(Math.min(cutoff.getTime(), from.getTime() + (opts.maxDays ?? 1) * DAY_MS));
      await tx.execute(sql`
        insert into profile_view_months (profile_id, month, views)
        select profile_id, date_trunc('month', viewed_at at time zone 'UTC')::date, count(*)::int
        from profile_views
        where viewed_at >= ${from.toISOString()}::timestamptz and viewed_at < ${to.toISOString()}::timestamptz
        group by 1, 2
        on conflict (profile_id, month) do update set views = profile_view_months.views + excluded.views`);
      const day = to.toISOString().slice(0, 10);
      await tx.execute(sql`update profile_view_rollup set rolled_until = ${day}::date`);
      return { until: day, more: to < cutoff };
    });
    // Another instance holds the lock: it is doing this work.
    if (result === null) return until;
    until = result.until;
    if (!result.more) break;
  }
  return until;
}
