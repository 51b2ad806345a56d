import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFirst } from './vitest.sequencer.ts';

// Unit tests run once. Integration tests (*.int.test.ts) run on one database driver per run: PGlite
// without DATABASE_URL (a developer's machine, `npm run test:quick`), PostgreSQL when it is set (CI,
// production's driver). A file whose behaviour depends on the driver says so on a line of its own,
//   // driver-sensitive: <why>
// and then runs on both when both are there (decision 0047). Running all 95 files twice had been a
// third of the suite's time for no extra coverage of the product's own code.
//
// `npm run test:quick` (TEST_QUICK=1) is the developers' loop: it leaves out the files that build the
// release, run the compiled server as a child or soak the app for a timed while, each marked on a line
// of its own,
//   // not-quick: <why>
// `npm test` runs them as always.
const postgres = process.env.DATABASE_URL;
const quick = process.env.TEST_QUICK === '1';
const SERVER = 'apps/server/src';
const MARKER = /^\/\/ driver-sensitive: \S/m;
const NOT_QUICK = /^\/\/ not-quick: \S/m;

/** The server's test files (ending in `suffix`) that carry `marker`, as paths from the repository root. */
function markedFiles(marker: RegExp, suffix: string, root: string): string[] {
  return fs
    .readdirSync(path.join(root, SERVER), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix))
    .filter((file) => marker.test(fs.readFileSync(path.join(root, SERVER, file), 'utf8')))
    .map((file) => `${SERVER}/${file.split(path.sep).join('/')}`)
    .sort();
}

/** The integration files tagged to run on both drivers, as paths from the repository root. */
export function driverSensitiveFiles(root = import.meta.dirname): string[] {
  return markedFiles(MARKER, '.int.test.ts', root);
}

/** The files `npm run test:quick` leaves out, as paths from the repository root. */
export function notQuickFiles(root = import.meta.dirname): string[] {
  return markedFiles(NOT_QUICK, '.test.ts', root);
}

/** The unit files: every test file of the apps and packages but the integration files (*.int.test.ts). */
const UNIT_FILES = ['apps/**/!(*.int).test.ts', 'packages/**/!(*.int).test.ts'];

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    globalSetup: ['apps/server/src/testing/global-setup.ts'],
    setupFiles: ['apps/server/src/testing/fail-on-console-error.ts', 'apps/server/src/testing/drop-file-databases.ts'],
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
    projects: postgres
      ? [
          {
            // The unit files (which open no database) and the driver-sensitive integration files on
            // PGlite, in one project: each project has workers of its own, and a worker loads the
            // server's modules once (about 4 s of CPU), so a third project cost three more loads.
            extends: true,
            test: {
              name: 'pglite',
              include: [...UNIT_FILES, ...driverSensitiveFiles()],
              env: { TEST_DB: 'pglite' },
            },
          },
          {
            extends: true,
            test: { name: 'postgres', include: ['apps/**/*.int.test.ts'], env: { TEST_DB: 'postgres' } },
          },
        ]
      : [
          {
            extends: true,
            test: {
              name: 'pglite',
              include: ['apps/**/*.test.ts', 'packages/**/*.test.ts'],
              exclude: [...configDefaults.exclude, ...(quick ? notQuickFiles() : [])],
              env: { TEST_DB: 'pglite' },
            },
          },
        ],
  },
});
