import { defineConfig } from 'vitest/config';

// Integration tests (*.int.test.ts) run once on PGlite and, when DATABASE_URL is set, again on
// PostgreSQL; unit tests run once.
const postgres = process.env.DATABASE_URL;

export default defineConfig({
  test: {
    globalSetup: ['apps/server/src/testing/global-setup.ts'],
    setupFiles: ['apps/server/src/testing/fail-on-console-error.ts'],
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
