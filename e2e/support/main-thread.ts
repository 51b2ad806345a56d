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
export async function throttleCpu(page: Page, rate = CPU_SLOWDOWN): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  page.setDefaultTimeout(30_000);
  // Chromium slows a page by keeping its renderer busy for the extra time, so a slowed page costs the
  // machine `rate` times its own work: the returned function takes the page back to full speed.
  return async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  };
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

/** Lighthouse's mobile CPU: a task's thread time counts four times over, as on a phone four times slower. */
export const SIMULATED_SLOWDOWN = 4;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/** One top-level task of the page's main thread: its thread time, and the share of it after First Contentful Paint. */
export interface ThreadTask {
  cpuMs: number;
  afterFcp: number;
}

/**
 * Runs `load` with a Chromium trace of `page`'s renderer and returns the main thread's top-level tasks
 * from the navigation on, each as the CPU time the thread spent in it and the share of that after First
 * Contentful Paint (a task straddling FCP counts in proportion). Thread time is what the page's code
 * costs: unlike the wall clock, it leaves out most of the time the thread waits for a core another
 * process holds (not all of it: see the thread-time guard in main-thread.e2e.ts). `page` should
 * already show a document of the site `load` goes to: a trace over a navigation that leaves a renderer
 * process (a new page's about:blank) often waits 5 s at its end for the process that is gone.
 */
export async function mainThreadTasks(page: Page, load: () => Promise<void>): Promise<ThreadTask[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: ['loading', 'disabled-by-default-devtools.timeline'] },
  });
  await load();
  const complete = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  const { stream } = await complete;
  if (!stream) throw new Error('Chromium returned no trace');
  let json = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream });
    json += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  await cdp.detach();
  const parsed = JSON.parse(json) as TraceEvent[] | { traceEvents: TraceEvent[] };
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  // The paint event names the page's main thread (its renderer process and thread).
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('the trace has no firstContentfulPaint');
  const tasks = events
    .filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X' && e.name === 'RunTask' && e.dur)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const result: ThreadTask[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    const dur = task.dur ?? 0;
    // A nested RunTask (a task run inside another, e.g. a microtask checkpoint) is part of its parent.
    if (task.ts < end) continue;
    end = task.ts + dur;
    const afterFcp = end <= fcp.ts ? 0 : task.ts >= fcp.ts ? 1 : (end - fcp.ts) / dur;
    result.push({ cpuMs: (task.tdur ?? dur) / 1000, afterFcp });
  }
  return result;
}

/** Lighthouse's Total Blocking Time over tasks of the given thread times, each slowed `SIMULATED_SLOWDOWN`×. */
export function simulatedBlockingTime(cpuMs: number[], thresholdMs = 50): number {
  return cpuMs.reduce((sum, ms) => sum + Math.max(0, ms * SIMULATED_SLOWDOWN - thresholdMs), 0);
}
