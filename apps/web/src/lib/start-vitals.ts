import type { QueryClient } from '@tanstack/react-query';

/**
 * Real-user Web Vitals (issue 28, decision 0038). The reporter and the web-vitals library are a chunk
 * of their own, fetched once the page has loaded and the browser is idle, so they add nothing to the
 * first visit's JavaScript and never compete with the first paint. web-vitals reads the paint and
 * layout entries the browser buffered before it arrived.
 */
export function startVitals(queryClient: QueryClient): void {
  if (!import.meta.env.PROD || typeof navigator.sendBeacon !== 'function') return;
  const start = () => {
    import('./vitals').then(({ reportVitals }) => reportVitals(queryClient)).catch(() => {});
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 5000 });
    else setTimeout(start, 2000);
  };
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
