import { describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS } from '../support/auth';
import { setupBrowser } from '../support/browser';
import { CPU_SLOWDOWN, type LongTask, recordLongTasks, throttleCpu, waitUntilQuiet } from '../support/main-thread';

// Issue 28 §3: Total Blocking Time of the server-rendered pages, so hydration work that grows fails
// `npm test` instead of waiting for a Lighthouse run nobody makes. Lighthouse's definition (the part
// of each main-thread task past 50 ms, from First Contentful Paint on), but observed in a real load
// with the browser's own long-task entries instead of simulated from a trace, and summed until the
// page has gone quiet (support/main-thread.ts) where Lighthouse stops at Time to Interactive.
//
// Budget, per page, on the median of LOADS cold loads. Same run on a quiet machine, 2026-11-27: main
// 2806388 measured medians of 740 ms (/), 1095 ms (/creators) and 987 ms (profile); after decision
// 0037 296, 508 and 611 ms. In npm test, beside another journey file on 2 cores, this build measured
// 871, 780 and 498 ms, single loads up to 1.4 s. The ceilings are set for that contention, so they
// catch a large regression (the old main measured 1241-2197 ms on / under load), not a small one;
// a measurement in thread time from a trace would be steadier (issue 28 note).
const TBT_BUDGET_MS = { '/': 1500, '/creators': 2000, profile: 1500 } as const;

const LOADS = 3;
const BLOCKING_THRESHOLD_MS = 50;
const browser = setupBrowser();

/** Total Blocking Time as Lighthouse sums it: a task straddling FCP counts from FCP on. */
function totalBlockingTime(tasks: LongTask[], fcp: number): number {
  return tasks.reduce((sum, task) => {
    const start = Math.max(task.start, fcp);
    const duration = task.start + task.duration - start;
    return duration > BLOCKING_THRESHOLD_MS ? sum + duration - BLOCKING_THRESHOLD_MS : sum;
  }, 0);
}

/** One cold load in a fresh context (no cache, no cookies): the page's TBT and its longest task. */
async function measureLoad(pathname: string): Promise<{ tbt: number; longest: number; tasks: number }> {
  const context = await browser.context();
  try {
    const page = await context.newPage();
    await recordLongTasks(page);
    await throttleCpu(page);
    // The harness's goto returns once the load event has fired and the content is hydrated.
    await page.goto(browser.url(pathname));
    await waitUntilQuiet(page);
    const { tasks, fcp } = await page.evaluate(() => ({
      tasks: window.__longTasks ?? [],
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    }));
    if (fcp === undefined) throw new Error(`${pathname}: no first-contentful-paint entry`);
    return {
      tbt: Math.round(totalBlockingTime(tasks, fcp)),
      longest: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
      tasks: tasks.length,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const PAGES = [
  { name: '/', path: '/' },
  { name: '/creators', path: '/creators' },
  { name: 'profile', path: `/${DEMO_ACCOUNTS.creator.username}` },
] as const;

// Two more tries, for the same reason as the INP journey: a run under the other file's load.
describe(`main-thread budget: Total Blocking Time at ${CPU_SLOWDOWN}× CPU slowdown (issue 28)`, { retry: 2 }, () => {
  for (const { name, path } of PAGES) {
    const budget = TBT_BUDGET_MS[name];
    test(`${path}: the median TBT of ${LOADS} cold loads stays within ${budget} ms`, async () => {
      const loads = [];
      for (let i = 0; i < LOADS; i++) loads.push(await measureLoad(path));
      const tbt = median(loads.map((l) => l.tbt));
      const detail = loads.map((l) => `${l.tbt} ms (${l.tasks} long tasks, longest ${l.longest} ms)`).join('; ');
      console.log(`TBT ${path} at ${CPU_SLOWDOWN}× CPU: median ${tbt} ms — loads: ${detail}`);
      expect(tbt, `TBT of ${path}, loads: ${detail}`).toBeLessThanOrEqual(budget);
    }, 90_000);
  }
});
