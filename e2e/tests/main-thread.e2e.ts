import { describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS } from '../support/auth';
import { setupBrowser } from '../support/browser';
import {
  CPU_SLOWDOWN,
  type LongTask,
  mainThreadTasksAfterFcp,
  recordLongTasks,
  SIMULATED_SLOWDOWN,
  simulatedBlockingTime,
  throttleCpu,
  waitUntilQuiet,
} from '../support/main-thread';

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
// catch a large regression (the old main measured 1241-2197 ms on / under load), not a small one.
const TBT_BUDGET_MS = { '/': 1500, '/creators': 2000, profile: 1500 } as const;

// The tight guard: the same sum over each task's thread time (from a trace, without throttling) × 4,
// as Lighthouse simulates a phone. Thread time does not grow while another process holds the core,
// so the budget can be what Lighthouse calls good: 200 ms is where its TBT score starts to fall below
// 0.9. Measured 2026-11-27 on demo data, medians of 3: this build 0-38 ms a page, main 2806388 3-85 ms
// on the same machine (there both were fast; on the previous session's machine main measured 122 / 603
// / 453 ms and decision 0037's build 23 / 27 / 0). Tried: a 90 ms busy loop added at start-up made
// `/` and `/creators` fail (210-247 ms) while the observed guard above still passed.
const THREAD_TBT_BUDGET_MS = 200;

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

/** One cold load, traced without throttling: Lighthouse's simulated TBT over its tasks' thread time. */
async function measureThreadTime(pathname: string): Promise<{ tbt: number; longest: number }> {
  const context = await browser.context();
  try {
    const page = await context.newPage();
    await recordLongTasks(page);
    const tasks = await mainThreadTasksAfterFcp(page, async () => {
      await page.goto(browser.url(pathname));
      await waitUntilQuiet(page);
    });
    return { tbt: Math.round(simulatedBlockingTime(tasks)), longest: Math.round(Math.max(0, ...tasks)) };
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

// No retries (issue 35): this file runs after every other journey, alone (e2e/vitest.config.ts), so
// what it measures is the page's main thread, not another file's browser and server.
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

describe(`main-thread budget: thread time × ${SIMULATED_SLOWDOWN}, as Lighthouse simulates (issue 28)`, () => {
  for (const { path } of PAGES) {
    test(`${path}: the median simulated TBT of ${LOADS} cold loads stays within ${THREAD_TBT_BUDGET_MS} ms`, async () => {
      const loads = [];
      for (let i = 0; i < LOADS; i++) loads.push(await measureThreadTime(path));
      const tbt = median(loads.map((l) => l.tbt));
      const detail = loads.map((l) => `${l.tbt} ms (longest task ${l.longest} ms of thread time)`).join('; ');
      console.log(`simulated TBT ${path} from thread time: median ${tbt} ms — loads: ${detail}`);
      expect(tbt, `simulated TBT of ${path}, loads: ${detail}`).toBeLessThanOrEqual(THREAD_TBT_BUDGET_MS);
    }, 60_000);
  }
});
