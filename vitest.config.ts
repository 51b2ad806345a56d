import { defineConfig } from 'vitest/config';

// Integration tests (*.int.test.ts) run once on PGlite and, when DATABASE_URL is set, again on
// PostgreSQL; unit tests run once.
const postgres = process.env.DATABASE_URL;

export default defineConfig({
  test: {
    globalSetup: ['apps/server/src/testing/global-setup.ts'],
    setupFiles: ['apps/server/src/testing/fail-on-console-error.ts'],
    // Vitest's default is one worker per core minus one: a single worker on a 2-core CI machine, so
    // files that mostly wait (PostgreSQL in its own process, fault-injection children, the timed
    // soak) ran one after another. Three workers overlap that waiting.
    maxWorkers: 3,
    // A worker keeps the modules it has loaded from one file to the next. Isolated, every file loaded
    // the whole server again (about 500 s of the suite's worker time on a 2-core machine, more than a
    // third of it). Server state lives per app and per database (caches are keyed by them), so files
    // still share nothing but code.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['apps/**/*.test.ts', 'packages/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
        },
      },
      ...(postgres
        ? [
            {
              extends: true,
              test: { name: 'postgres', include: ['apps/**/*.int.test.ts'], env: { TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
