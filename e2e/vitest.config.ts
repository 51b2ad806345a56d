import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/tests/**/*.e2e.ts'],
    globalSetup: ['e2e/setup/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at once, each worker against a server of its own (setup/global-setup.ts starts one per
    // worker); each file opens its own browser. Most of a journey waits on a browser or a server, so two
    // overlap well on a 2-core machine.
    maxWorkers: 2,
  },
});
