import type { TVitalsBeacon } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import { webVitalsDaily } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { bucketOf } from './buckets';

export const DAY_MS = 86_400_000;

/** The UTC day of a moment, as PostgreSQL's `date` text. */
export function dayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/**
 * Counts one page load's metrics into today's histograms: one statement for the whole beacon (its
 * metrics are distinct, so no row is touched twice). Only the route pattern, metric and bucket are kept.
 */
export async function recordVitals(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  opts: { beacon: TVitalsBeacon },
): Promise<void> {
  const day = dayOf(ctx.clock.now());
  const rows = opts.beacon.metrics.map((m) => ({
    day,
    route: opts.beacon.route,
    metric: m.name,
    bucket: bucketOf(m.name, m.value),
    count: 1,
  }));
  await ctx.db
    .insert(webVitalsDaily)
    .values(rows)
    .onConflictDoUpdate({
      target: [webVitalsDaily.day, webVitalsDaily.route, webVitalsDaily.metric, webVitalsDaily.bucket],
      set: { count: sql`${webVitalsDaily.count} + excluded.count` },
    });
}
