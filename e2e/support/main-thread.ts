import type { Page } from 'playwright-core';

/**
 * Issue 28: the main-thread guards run with the CPU slowed 4×, Lighthouse's mobile setting, so a
 * fast CI machine does not hide work a mid-range phone would feel.
 */
export const CPU_SLOWDOWN = 4;

export interface LongTask {
  start: number;
  duration: number;
}

declare global {
  interface Window {
    __longTasks?: LongTask[];
  }
}

/**
 * Slows `page`'s renderer by `rate` through the DevTools protocol; set it before the page loads. A
 * slowed page hydrates several times slower, so its waits get longer than the harness's 10 s.
 */
export async function throttleCpu(page: Page, rate = CPU_SLOWDOWN): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  page.setDefaultTimeout(30_000);
}

/** Records the page's long tasks (main-thread tasks over 50 ms) in `window.__longTasks`, from its first script on. */
export async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__longTasks?.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** The page counts as settled when no long task has run for this long after the load event. */
export const QUIET_MS = 1000;

/**
 * Hydration is not the end of a load's work: lazy sections, the first queries' answers and their
 * renders follow. The load is over once a whole second has passed after the load event with no long
 * task (longer than any gap between those steps seen here), so a measure covers them all without a
 * fixed wait that a slow machine would outrun. Also waits for First Contentful Paint, whose entry the
 * TBT sum starts from. Needs recordLongTasks.
 */
export async function waitUntilQuiet(page: Page): Promise<void> {
  await page.waitForFunction(
    (quietMs) => {
      const tasks = window.__longTasks ?? [];
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const lastEnd = Math.max(navigation?.loadEventEnd ?? 0, ...tasks.map((t) => t.start + t.duration));
      const painted = performance.getEntriesByName('first-contentful-paint').length > 0;
      return (
        painted && navigation !== undefined && navigation.loadEventEnd > 0 && performance.now() - lastEnd >= quietMs
      );
    },
    QUIET_MS,
    { polling: 100, timeout: 30_000 },
  );
}
