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
// Budget, per page, on the median of LOADS cold loads. Chosen from main 2806388 on 2026-11-27, on the
// shared 2-core machine (load average 10-20 from other work), 4× slowdown, 3 loads a run in 5 runs,
// alone and beside another e2e file: single loads spread from under 200 ms to over 6 s, the medians of
// a run reached 2197 ms (/), 3897 ms (/creators) and 1834 ms (profile). The ceilings sit above those
// worst medians, so today's main passes even on a crowded machine; tighten them after the hydration
// work of issue 28 lands, from figures taken on the CI runner.
const TBT_BUDGET_MS = { '/': 3000, '/creators': 5000, profile: 2500 } as const;

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

describe(`main-thread budget: Total Blocking Time at ${CPU_SLOWDOWN}× CPU slowdown (issue 28)`, () => {
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
