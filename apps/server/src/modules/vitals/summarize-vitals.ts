import {
  roundVital,
  type TAdminVitals,
  type TAdminVitalsRoute,
  type TVitalsMetric,
  type TVitalsRoute,
  VITALS,
  VITALS_METRICS,
  VITALS_THRESHOLDS,
} from '@fanline/contracts';
import { gte, sql } from 'drizzle-orm';
import { webVitalsDaily as t } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { bucketRating, bucketValue, p75Of } from './buckets';
import { DAY_MS, dayOf } from './record-vitals';

type Summary = TAdminVitalsRoute['metrics'][TVitalsMetric];
type TrendPoint = TAdminVitalsRoute['trend'][number];

/**
 * The admin's Web Vitals (decision 0038): per route, each metric's p75, count and good / needs
 * improvement / poor split over the last VITALS.summaryDays days (today included, UTC), and each day's
 * p75 over the last VITALS.trendDays for the trend. Routes with no measurement are left out.
 */
export async function summarizeVitals(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<TAdminVitals> {
  const now = ctx.clock.now().getTime();
  const summaryFrom = dayOf(new Date(now - (VITALS.summaryDays - 1) * DAY_MS));
  const trendFrom = dayOf(new Date(now - (VITALS.trendDays - 1) * DAY_MS));

  const histogramRows = await ctx.db
    .select({ route: t.route, metric: t.metric, bucket: t.bucket, count: sql<number>`sum(${t.count})`.mapWith(Number) })
    .from(t)
    .where(gte(t.day, summaryFrom))
    .groupBy(t.route, t.metric, t.bucket);

  // Each day's p75 bucket in SQL (nearest rank: the first bucket whose running count reaches 3/4 of
  // the day's), so the trend reads one row per day, route and metric rather than every bucket.
  const ranked = ctx.db.$with('ranked').as(
    ctx.db
      .select({
        day: t.day,
        route: t.route,
        metric: t.metric,
        bucket: t.bucket,
        running:
          sql<number>`sum(${t.count}) over (partition by ${t.day}, ${t.route}, ${t.metric} order by ${t.bucket})`.as(
            'running',
          ),
        total: sql<number>`sum(${t.count}) over (partition by ${t.day}, ${t.route}, ${t.metric})`.as('total'),
      })
      .from(t)
      .where(gte(t.day, trendFrom)),
  );
  const trendRows = await ctx.db
    .with(ranked)
    .select({
      day: ranked.day,
      route: ranked.route,
      metric: ranked.metric,
      bucket: sql<number>`min(${ranked.bucket}) filter (where ${ranked.running} * 4 >= ${ranked.total} * 3)`.mapWith(
        Number,
      ),
    })
    .from(ranked)
    .groupBy(ranked.day, ranked.route, ranked.metric)
    .orderBy(ranked.day);

  const histograms = new Map<string, Map<TVitalsMetric, Map<number, number>>>();
  for (const row of histogramRows) {
    const metric = row.metric as TVitalsMetric;
    const byMetric = histograms.get(row.route) ?? new Map<TVitalsMetric, Map<number, number>>();
    histograms.set(row.route, byMetric);
    const histogram = byMetric.get(metric) ?? new Map<number, number>();
    byMetric.set(metric, histogram);
    histogram.set(row.bucket, row.count);
  }

  const trends = new Map<string, Map<string, TrendPoint>>();
  for (const row of trendRows) {
    const byDay = trends.get(row.route) ?? new Map<string, TrendPoint>();
    trends.set(row.route, byDay);
    const point = byDay.get(row.day) ?? { day: row.day, LCP: null, INP: null, CLS: null, FCP: null, TTFB: null };
    byDay.set(row.day, point);
    const metric = row.metric as TVitalsMetric;
    point[metric] = roundVital(metric, bucketValue(metric, row.bucket));
  }

  const routes = [...new Set([...histograms.keys(), ...trends.keys()])].sort().map((route) => {
    const byMetric = histograms.get(route);
    const metrics = Object.fromEntries(
      VITALS_METRICS.map((metric) => [metric, summarize(metric, byMetric?.get(metric))]),
    ) as TAdminVitalsRoute['metrics'];
    return { route: route as TVitalsRoute, metrics, trend: [...(trends.get(route)?.values() ?? [])] };
  });
  return { summaryDays: VITALS.summaryDays, trendDays: VITALS.trendDays, thresholds: VITALS_THRESHOLDS, routes };
}

function summarize(metric: TVitalsMetric, histogram: Map<number, number> | undefined): Summary {
  const summary: Summary = { p75: null, count: 0, good: 0, needsImprovement: 0, poor: 0 };
  if (!histogram) return summary;
  for (const [bucket, n] of histogram) {
    summary.count += n;
    const rating = bucketRating(metric, bucket);
    if (rating === 'good') summary.good += n;
    else if (rating === 'poor') summary.poor += n;
    else summary.needsImprovement += n;
  }
  const p75 = p75Of(metric, histogram);
  summary.p75 = p75 === null ? null : roundVital(metric, p75);
  return summary;
}
