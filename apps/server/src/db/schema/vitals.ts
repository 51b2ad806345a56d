import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Real-user Web Vitals as daily histograms (decision 0038): one row per day, route pattern, metric and
 * value bucket, counting the page loads whose value fell in it. No visitor, address or URL is kept.
 * Bounded by routes × metrics × buckets × retention days; the jobs loop prunes old days.
 */
export const webVitalsDaily = pgTable(
  'web_vitals_daily',
  {
    day: date('day').notNull(),
    route: text('route').notNull(),
    metric: text('metric').notNull(),
    bucket: smallint('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.route, t.metric, t.bucket] }),
    check('web_vitals_daily_count_positive', sql`${t.count} > 0`),
  ],
);
