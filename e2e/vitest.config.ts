import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/tests/**/*.e2e.ts'],
    globalSetup: ['e2e/setup/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server for the run; files share it and each opens its own browser.
    fileParallelism: false,
  },
});
