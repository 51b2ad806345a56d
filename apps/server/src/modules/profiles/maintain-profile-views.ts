import type { AppContext } from '../../platform/context';
import { dropRolledUpPartitions, ensureViewPartitions } from './profile-view-partitions';
import { rollUpProfileViews } from './roll-up-profile-views';

/**
 * The profile views' upkeep on every jobs pass (decision 0063): this month's and the next two months'
 * partitions exist before a view needs them, finished days are rolled up into per-creator monthly
 * counts, and months of raw rows older than `rawMonths` whole months, once rolled up, are dropped.
 * Each step is idempotent and takes one advisory lock, so any number of instances may run it.
 */
export async function maintainProfileViews(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  opts: { rawMonths: number },
): Promise<{ created: string[]; rolledUntil: string | null; dropped: string[] }> {
  const now = ctx.clock.now();
  const created = await ensureViewPartitions(ctx.db, now);
  const rolledUntil = await rollUpProfileViews(ctx.db, now);
  const dropped = await dropRolledUpPartitions(ctx.db, now, opts.rawMonths);
  return { created, rolledUntil, dropped };
}
