/**
 * Runs `work` when the browser is next idle, at the latest after `timeout` ms; where there is no
 * requestIdleCallback (Safari), after `fallbackMs`.
 */
export function whenIdle(work: () => void, { timeout, fallbackMs }: { timeout: number; fallbackMs: number }): void {
  if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout });
  else setTimeout(work, fallbackMs);
}

/**
 * Runs `work` once the page has loaded and the browser is then idle, so it never competes with the first
 * paint or the hydration (the service worker's registration, the Web Vitals reporter).
 */
export function afterLoadWhenIdle(work: () => void): void {
  const idle = () => whenIdle(work, { timeout: 5000, fallbackMs: 2000 });
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
