import { VITALS } from '@fanline/contracts';
import { lt } from 'drizzle-orm';
import { webVitalsDaily } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { DAY_MS, dayOf } from './record-vitals';

/** Drops the days past the retention (VITALS.retentionDays), which bounds the table's size. */
export async function pruneVitals(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<void> {
  const cutoff = dayOf(new Date(ctx.clock.now().getTime() - VITALS.retentionDays * DAY_MS));
  await ctx.db.delete(webVitalsDaily).where(lt(webVitalsDaily.day, cutoff));
}
