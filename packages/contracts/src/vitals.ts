import { z } from 'zod';
import { VITALS_MAX_VALUE, VITALS_METRICS, VITALS_ROUTES } from './vitals-limits';

// The Web Vitals endpoints' schemas (decision 0038); the plain constants are in vitals-limits.ts, so the
// browser's reporter chunk does not bring zod along.
const ZVitalsMeasurement = z.strictObject({
  name: z.enum(VITALS_METRICS),
  value: z.number().finite().min(0),
});

/** POST /api/vitals: one page load's metrics, each at most once, within its range. */
export const ZVitalsBeacon = z
  .strictObject({
    route: z.enum(VITALS_ROUTES),
    metrics: z.array(ZVitalsMeasurement).min(1).max(VITALS_METRICS.length),
  })
  .superRefine((beacon, ctx) => {
    const seen = new Set<string>();
    beacon.metrics.forEach((m, i) => {
      if (seen.has(m.name)) ctx.addIssue({ code: 'custom', path: ['metrics', i, 'name'], message: 'Reported twice' });
      seen.add(m.name);
      if (m.value > VITALS_MAX_VALUE[m.name]) {
        ctx.addIssue({ code: 'custom', path: ['metrics', i, 'value'], message: 'Out of range' });
      }
    });
  });

export type TVitalsBeacon = z.infer<typeof ZVitalsBeacon>;

const ZMetricSummary = z.object({
  /** The 75th percentile over the summary days, from the histogram; null when nothing was measured. */
  p75: z.number().nullable(),
  count: z.number().int(),
  good: z.number().int(),
  needsImprovement: z.number().int(),
  poor: z.number().int(),
});

export const ZAdminVitalsRoute = z.object({
  route: z.enum(VITALS_ROUTES),
  metrics: z.object({
    LCP: ZMetricSummary,
    INP: ZMetricSummary,
    CLS: ZMetricSummary,
    FCP: ZMetricSummary,
    TTFB: ZMetricSummary,
  }),
  /** One point per day of the trend window that has measurements: that day's p75 per metric. */
  trend: z.array(
    z.object({
      day: z.string(),
      LCP: z.number().nullable(),
      INP: z.number().nullable(),
      CLS: z.number().nullable(),
      FCP: z.number().nullable(),
      TTFB: z.number().nullable(),
    }),
  ),
});

const ZThreshold = z.object({ good: z.number(), poor: z.number() });

/** Milliseconds rounded to whole ones, CLS to three decimals. */
export const ZAdminVitals = z.object({
  summaryDays: z.number().int(),
  trendDays: z.number().int(),
  /** The thresholds the ratings were made with (VITALS_THRESHOLDS), for the page's legend. */
  thresholds: z.object({ LCP: ZThreshold, INP: ZThreshold, CLS: ZThreshold, FCP: ZThreshold, TTFB: ZThreshold }),
  routes: z.array(ZAdminVitalsRoute),
});

export type TAdminVitals = z.infer<typeof ZAdminVitals>;
export type TAdminVitalsRoute = z.infer<typeof ZAdminVitalsRoute>;
