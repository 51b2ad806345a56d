import { describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS } from '../support/auth';
import { setupBrowser } from '../support/browser';
import {
  CPU_SLOWDOWN,
  type LongTask,
  mainThreadTasks,
  recordLongTasks,
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

// The tight guard, a same-run ratio: the main thread's whole work at load (every task's thread time,
// from a Chromium trace, without throttling) against the raw baseline of the same page loaded with its
// scripts blocked (parsing, styling and painting the same server-rendered HTML), least of
// THREAD_LOADS alternating loads each.
//
// It used to be Lighthouse's simulated TBT (thread time × 4, from First Contentful Paint on) under an
// absolute 200 ms. That failed CI on 2026-11-28 with no change to the page: /creators measured 246, 36
// and 380 ms in three loads (one task 21 ms of thread time in one load, 87 ms in the next), so thread
// time is not free of a busy host either. And it missed what it was for: with a 90 ms busy loop added
// before hydration, 3 of 5 loads of / counted 0 ms, because whether the hydration task ends before or
// after the first paint is a race, and Lighthouse counts only what comes after.
//
// The whole work does not race, a busy host only ever adds to a load (so the least of several loads
// is the page's own cost), and a slower machine slows both sides of the ratio, though not equally.
// Measured 2026-11-29, demo data, three runs alone on a quiet machine and three in clean clones'
// `npm test`: ratios of the least loads 2.62-3.30 (/), 2.17-2.55 (/creators), 2.70-3.43 (profile).
// The highest on / and the profile came in clean clones, where the machine slowed the scripts' work
// more than the HTML's. The budgets sit about a third over those. The same build with a 90 ms busy loop before
// hydration measured 3.91, 3.46 and 4.17, so the guard does not see that. With a 200 ms loop it measured
// 5.38 (/) and 5.25 (profile) and fails. /creators measured only 3.38 that time, because its
// script-free baseline moved from 73 to 117 ms between runs. The guard catches scripts' work that grows
// by well over half, not a small regression; Lighthouse (`npm run lighthouse -w @fanline/bench`) and
// the real-user Web Vitals on the admin dashboard are for those.
// Since 2026-11-30 a traced load starts from a same-site page (below), which takes the new renderer's
// start-up out of both sides and raised the ratios by 0.1-0.3: three clean clones' `npm test` on one
// machine measured 2.68-2.86 (/), 2.50-2.52 (/creators), 2.80-2.99 (profile), a quarter to a third under
// the budgets. The busy-loop figures above are from before; they would come out a little higher.
const HYDRATION_RATIO_BUDGET = { '/': 4.5, '/creators': 3.5, profile: 4.6 } as const;
const THREAD_LOADS = 4;

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

/** One cold load, traced without throttling: its main thread's whole thread time, and the part past FCP that Lighthouse would count. */
async function measureThreadTime(pathname: string, { scripts }: { scripts: boolean }): Promise<ThreadLoad> {
  const context = await browser.context();
  if (!scripts) await context.route(/\.m?js(\?|$)/, (route) => route.abort());
  try {
    const page = await context.newPage();
    await recordLongTasks(page);
    // First a same-site document, untraced, so the load below stays in the renderer process that
    // will draw it. A new page starts in a process of its own (about:blank), which the navigation to
    // the site leaves and Chromium ends; a trace spanning that process's end waited 5 s for it to flush
    // in one load of five to one of three (Chromium 156), 25 s of this file's 60. What it does to the
    // ratios: above HYDRATION_RATIO_BUDGET. The journeys' `--renderer-process-limit=1` (decision 0087)
    // now keeps that navigation in one process as well; this load keeps the trace independent of the flag.
    await Object.getPrototypeOf(page).goto.call(page, browser.url('/favicon.svg'));
    const tasks = await mainThreadTasks(page, async () => {
      if (scripts) {
        await page.goto(browser.url(pathname));
        await waitUntilQuiet(page);
      } else {
        // Without scripts nothing hydrates (the plain goto, not the harness's, which waits for it) and
        // nothing runs after the load event: the load is over once it has fired and the page has painted.
        await Object.getPrototypeOf(page).goto.call(page, browser.url(pathname));
        await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      }
    });
    return {
      totalMs: tasks.reduce((sum, task) => sum + task.cpuMs, 0),
      simulatedTbt: simulatedBlockingTime(tasks.map((task) => task.cpuMs * task.afterFcp)),
    };
  } finally {
    await context.close();
  }
}

interface ThreadLoad {
  totalMs: number;
  simulatedTbt: number;
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

describe('main-thread budget: the work scripts add to a load, against the same page without them', () => {
  for (const { name, path } of PAGES) {
    const budget = HYDRATION_RATIO_BUDGET[name];
    test(`${path}: the least whole thread time of ${THREAD_LOADS} loads stays within ${budget}× the least without scripts`, async () => {
      const withScripts: ThreadLoad[] = [];
      const raw: ThreadLoad[] = [];
      for (let i = 0; i < THREAD_LOADS; i++) {
        withScripts.push(await measureThreadTime(path, { scripts: true }));
        raw.push(await measureThreadTime(path, { scripts: false }));
      }
      const least = (loads: ThreadLoad[]) => Math.min(...loads.map((l) => l.totalMs));
      const ratio = least(withScripts) / least(raw);
      const ms = (loads: ThreadLoad[]) => loads.map((l) => Math.round(l.totalMs)).join(', ');
      const detail = `with scripts ${ms(withScripts)} ms; without ${ms(raw)} ms; Lighthouse-style simulated TBT ${withScripts.map((l) => Math.round(l.simulatedTbt)).join(', ')} ms`;
      console.log(`main-thread work ${path}: ratio ${ratio.toFixed(2)} — ${detail}`);
      expect(ratio, `main-thread work of ${path} against its HTML alone: ${detail}`).toBeLessThanOrEqual(budget);
    }, 120_000);
  }
});
