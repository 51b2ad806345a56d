import { defineConfig } from 'vitest/config';
import { LongestFirst } from '../vitest.sequencer.ts';

// The journeys run in one invocation with one global setup (the demo data seeded once, one server and
// one Chromium per worker: setup/global-setup.ts). The timing journeys measure the main thread and
// interaction latency under CPU throttling, so they run after every other journey has finished, one
// at a time, with nothing else on the machine's two cores, and without retries (issue 35 point 4).
const TIMING = ['e2e/tests/main-thread.e2e.ts', 'e2e/tests/interactions.e2e.ts'];
// A worker keeps its modules from one file to the next (`isolate: false`): isolated, each of the 46 files
// started a process of its own and loaded Vitest, Playwright and the support code again.
// `expect.poll` waits up to 10 s for what a page shows to change (Vitest's default is 1 s; Playwright's
// own assertions wait 5 s): on a loaded 2-core machine a settings page took longer than 1 s to read
// its push status after loading (pwa.e2e.ts, 1 December). A wait that ends when the page is right is not
// a retry: a page that never gets there still fails.
const shared = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  retry: 0,
  isolate: false,
  expect: { poll: { timeout: 10_000 } },
};

export default defineConfig({
  test: {
    // Journeys that declare `// runs-long: <seconds> s` start first (vitest.sequencer.ts).
    sequence: { sequencer: LongestFirst },
    globalSetup: ['e2e/setup/global-setup.ts'],
    // Four files at once, each worker against a server and a browser of its own. Most of a journey
    // waits on a browser or a server: with two workers a quarter of a 2-core machine stayed idle
    // (495 s), with three 14 % did (435 s, 29 November). On a faster machine three left it idle 24 %
    // of the time (435 s, 208 idle core-seconds); four took 391 s, 120 idle, for the same 655 busy
    // core-seconds (30 November, a twelfth machine, one run after the other; decision 0077).
    maxWorkers: 4,
    // No `extends: true` below: a project that extends the root runs the global setup again.
    projects: [
      { test: { ...shared, name: 'journeys', include: ['e2e/tests/**/*.e2e.ts'], exclude: TIMING } },
      {
        test: { ...shared, name: 'timing', include: TIMING, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
