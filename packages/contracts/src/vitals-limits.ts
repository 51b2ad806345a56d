/**
 * Real-user Web Vitals (issue 28, decision 0038). A visitor's browser reports the metrics of one page
 * load against the route PATTERN it was loaded on, never the URL: no username, no id, no query.
 * The web's paths (apps/web/src/paths.ts) are these patterns; a test there keeps the two lists equal.
 */
export const VITALS_ROUTES = [
  '/',
  '/creators',
  '/search',
  '/support',
  '/login',
  '/signup',
  '/auth/threads/callback',
  '/test-threads',
  '/dashboard',
  '/dashboard/messages',
  '/dashboard/messages/:messageId',
  '/dashboard/earnings',
  '/dashboard/settings',
  '/dashboard/settings/payout-onboarding',
  '/sender-dashboard',
  '/billing',
  '/profile',
  '/messages',
  '/messages/:messageId',
  '/payment-success',
  '/checkout/:paymentId',
  '/:username',
  '/admin',
  '/admin/login',
  '/admin/dashboard',
  '/admin/users',
  '/admin/messages',
  '/admin/transactions',
  '/admin/moderation',
  '/admin/settings',
  '/admin/support',
  '/admin/audit',
  '/admin/stuck-jobs',
  '/admin/disputes',
  '/admin/system',
  '/auth/confirm',
  '/forgot-password',
  '/reset-password',
  '/terms',
  '/privacy',
  '/refund-policy',
] as const;

export type TVitalsRoute = (typeof VITALS_ROUTES)[number];

export const VITALS_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type TVitalsMetric = (typeof VITALS_METRICS)[number];

/**
 * The Core Web Vitals thresholds (web.dev): a value at or under `good` is good, over `poor` is poor,
 * between is "needs improvement". Milliseconds, CLS unitless. The server's buckets have these as edges.
 */
export const VITALS_THRESHOLDS: Record<TVitalsMetric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

/** The largest value a beacon may carry per metric; a browser drops larger ones rather than send them. */
export const VITALS_MAX_VALUE: Record<TVitalsMetric, number> = {
  LCP: 60_000,
  INP: 60_000,
  CLS: 50,
  FCP: 60_000,
  TTFB: 60_000,
};

export const VITALS = {
  /** A beacon is about 200 bytes; anything over this is refused with 413 before it is parsed. */
  maxBodyBytes: 4096,
  /** Days of daily aggregates kept; older days are pruned by the jobs loop. */
  retentionDays: 90,
  /** The admin's figures cover this many days, and its trend this many. */
  summaryDays: 7,
  trendDays: 28,
} as const;

export type TVitalsRating = 'good' | 'needs-improvement' | 'poor';

/** A p75 as the admin shows it: whole milliseconds, CLS to three decimals. */
export function roundVital(metric: TVitalsMetric, value: number): number {
  return metric === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value);
}

export function rateVital(metric: TVitalsMetric, value: number): TVitalsRating {
  const { good, poor } = VITALS_THRESHOLDS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}
