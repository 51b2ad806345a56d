import {
  type TVitalsBeacon,
  type TVitalsMetric,
  type TVitalsRoute,
  VITALS_MAX_VALUE,
  VITALS_ROUTES,
} from '@fanline/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { platformConfigQuery } from './platform-config';

// Fixed paths before those with parameters, so /creators is never read as a username.
const PATTERNS = [...VITALS_ROUTES].sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')));

/** The route pattern a pathname is a page of ("/:username" for "/chef"), or null for none of ours. */
export function routePatternOf(pathname: string): TVitalsRoute | null {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  return (
    PATTERNS.find((pattern) => {
      const want = pattern === '/' ? [] : pattern.split('/').slice(1);
      return want.length === parts.length && want.every((p, i) => p.startsWith(':') || p === parts[i]);
    }) ?? null
  );
}

/**
 * One page load's Web Vitals, sent once with navigator.sendBeacon when the page is first hidden (also
 * when it is left), for a sampled share of page loads (the server's VITALS_SAMPLE_RATE). web-vitals measures per
 * document, so every metric counts for the route the document was loaded on, even after in-app
 * navigation; the beacon carries that route's pattern and the values only: no URL, query or user.
 */
export async function reportVitals(queryClient: QueryClient): Promise<void> {
  const route = routePatternOf(location.pathname);
  if (!route) return;
  const { vitalsSampleRate } = await queryClient
    .fetchQuery(platformConfigQuery())
    .catch(() => ({ vitalsSampleRate: 0 }));
  if (Math.random() >= vitalsSampleRate) return;

  const values = new Map<TVitalsMetric, number>();
  const keep = (metric: Metric) => {
    const name = metric.name as TVitalsMetric;
    // A value past the range the server accepts (a tab left loading for minutes) is left out, not sent.
    if (metric.value >= 0 && metric.value <= VITALS_MAX_VALUE[name]) values.set(name, metric.value);
  };
  onLCP(keep);
  onINP(keep);
  onCLS(keep);
  onFCP(keep);
  onTTFB(keep);

  let sent = false;
  // On `visibilitychange` to hidden only, as web-vitals itself reports: that covers leaving the page too
  // (browsers hide a page they unload), and `pagehide` comes before it, when CLS and INP are not in yet.
  // Registered after web-vitals' own listeners (capture phase), so their reports are in `values` first.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || sent || values.size === 0) return;
    sent = true;
    const beacon: TVitalsBeacon = { route, metrics: [...values].map(([name, value]) => ({ name, value })) };
    navigator.sendBeacon('/api/vitals', JSON.stringify(beacon));
  });
}
