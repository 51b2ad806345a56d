// The message lifecycle property at bench scale (issue #13 acceptance: ≥ 10,000 random sequences;
// `npm test` runs 1,000 of the same in apps/server/src/modules/messages/lifecycle.property.int.test.ts).
// Each sequence of pay / reply / follow-up / decline / block / expiry / reminders / payout / duplicate
// webhook / outage / restart steps runs against the real app, with every money invariant checked
// after every step (apps/server/src/testing/lifecycle-model.ts). Prints runs, sequences/s and, when
// an invariant breaks, fast-check's shrunk counterexample with the seed and path to replay it.
//
// Run: npm run lifecycle -w @fanline/bench. BENCH_RUNS (10,000), BENCH_SEED (random; print to replay),
// DATABASE_URL (a PostgreSQL server: the bench makes and drops its own database there; without it,
// in-memory PGlite in this process).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, ManualClock, migrateDatabase, openDatabase } from '@fanline/server/testing';
import { createLifecycleWorld, lifecycleSequence, runSequence } from '@fanline/server/testing/lifecycle';
import fc from 'fast-check';
import pg from 'pg';

const RUNS = Number(process.env.BENCH_RUNS ?? 10_000);
const SEED = process.env.BENCH_SEED ? Number(process.env.BENCH_SEED) : Date.now() ^ (Math.random() * 2 ** 31);
const serverUrl = process.env.DATABASE_URL;
const BENCH_DB = 'fanline_lifecycle_bench';

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

let url: string | undefined;
if (serverUrl) {
  await adminQuery(`drop database if exists ${BENCH_DB}`);
  await adminQuery(`create database ${BENCH_DB}`);
  const target = new URL(serverUrl);
  target.pathname = `/${BENCH_DB}`;
  url = target.toString();
}
const database = url
  ? await openDatabase({ kind: 'postgres', url, max: 5 })
  : await openDatabase({ kind: 'pglite-memory' });
await migrateDatabase(database);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-lifecycle-bench-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://localhost:3000',
  WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  AUTH_IP_LIMIT: '100000',
});
const world = await createLifecycleWorld({ database, config, clock: new ManualClock() });

console.log(`lifecycle property on ${database.driver}: ${RUNS} sequences, seed ${SEED}`);
const started = performance.now();
let done = 0;
const result = await fc.check(
  fc.asyncProperty(lifecycleSequence, async (ops) => {
    await runSequence(world, ops);
    done++;
    if (done % 1000 === 0) {
      const seconds = (performance.now() - started) / 1000;
      console.log(`  ${done} sequences, ${(done / seconds).toFixed(1)} /s`);
    }
  }),
  { numRuns: RUNS, seed: SEED },
);
const seconds = (performance.now() - started) / 1000;
console.log(
  `runs ${result.numRuns}, ${seconds.toFixed(1)} s, ${(done / seconds).toFixed(1)} sequences/s (including shrinking runs when one failed)`,
);
if (result.failed) {
  console.log(fc.defaultReportMessage(result));
  console.log(String(result.errorInstance));
  process.exitCode = 1;
} else {
  console.log('no counterexample');
}
await world.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
if (serverUrl) await adminQuery(`drop database if exists ${BENCH_DB}`);
