import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './setup/workers';

export default defineConfig({
  test: {
    include: ['e2e/tests/**/*.e2e.ts'],
    globalSetup: ['e2e/setup/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each worker has its own server (setup/global-setup.ts); each file opens its own browser.
    maxWorkers: E2E_WORKERS,
  },
});
