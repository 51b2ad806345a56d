import type { QueryClient } from '@tanstack/react-query';
import { afterLoadWhenIdle } from './idle';

/**
 * Real-user Web Vitals (issue 28, decision 0038). The reporter and the web-vitals library are a chunk
 * of their own, fetched once the page has loaded and the browser is idle, so they add nothing to the
 * first visit's JavaScript and never compete with the first paint. web-vitals reads the paint and
 * layout entries the browser buffered before it arrived.
 */
export function startVitals(queryClient: QueryClient): void {
  if (!import.meta.env.PROD || typeof navigator.sendBeacon !== 'function') return;
  afterLoadWhenIdle(() => {
    import('./vitals').then(({ reportVitals }) => reportVitals(queryClient)).catch(() => {});
  });
}
