// Expiry at scale (issue 14 goal: 10,000 due messages settled within 60 s): adds BENCH_DUE (default
// 10,000) paid messages whose reply window closed, each with an authorized payment and its balanced
// ledger transaction, to the scale bench's PostgreSQL database, then runs the product's background
// jobs the way the server does (every JOBS_INTERVAL_SECONDS, default 10 as shipped) and times until
// none is left due. Run: npm run expiry -w @fanline/bench (BENCH_CREATORS / BENCH_MESSAGES / BENCH_REUSE
// choose the data set as for `npm run scale`).
import { buildApp } from '@fanline/server/app';
import { openDatabase, startJobs } from '@fanline/server/testing';
import { sql } from 'drizzle-orm';
import { productConfig } from './scale/common';
import { addDueMessages, ensureScaleDatabase, scaleCounts, scaleShape } from './scale-data';

const DUE = Number(process.env.BENCH_DUE ?? 10_000);
const TIMEOUT_S = Number(process.env.BENCH_EXPIRY_TIMEOUT ?? 1200);
const INTERVAL = process.env.JOBS_INTERVAL_SECONDS ?? '10';
const shape = scaleShape(Number(process.env.BENCH_CREATORS ?? 10_000), Number(process.env.BENCH_MESSAGES ?? 1_000_000));
const url = await ensureScaleDatabase({
  serverUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432',
  name: process.env.BENCH_DB ?? 'fanline_bench',
  shape,
  reuse: process.env.BENCH_REUSE === '1',
});
const database = await openDatabase({ kind: 'postgres', url });
const db = database.db;
const due = async () =>
  Number(
    (
      (await db.execute(
        sql`select count(*) as n from messages where status = 'sent' and not is_followup and amount > 0 and expires_at <= now()`,
      )) as unknown as { rows: Array<{ n: string | number }> }
    ).rows[0]?.n ?? 0,
  );

await addDueMessages(db, DUE);
const backlog = await due();
console.log(`${backlog} messages due (${DUE} added), jobs every ${INTERVAL} s`);
const app = await buildApp({
  config: { ...productConfig(), jobsIntervalSeconds: Number(INTERVAL) },
  database,
  logger: false,
});
const started = performance.now();
const stopJobs = startJobs(app);
let left = backlog;
let lastReport = 0;
while (left > 0 && performance.now() - started < TIMEOUT_S * 1000) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  left = await due();
  const elapsed = (performance.now() - started) / 1000;
  if (elapsed - lastReport >= 10) {
    lastReport = elapsed;
    console.log(`  ${elapsed.toFixed(0)} s: ${left} left`);
  }
}
const seconds = (performance.now() - started) / 1000;
await stopJobs();
const counts = await scaleCounts(db);
console.log(
  `\nExpiry: ${backlog - left} of ${backlog} due messages settled in ${seconds.toFixed(1)} s${left > 0 ? ` (gave up with ${left} left after ${TIMEOUT_S} s)` : ''}`,
);
console.log(`  ledger after the run: ${counts.unbalancedTransactions} unbalanced transactions`);
console.log('  goal (issue 14): 10,000 settled within 60 s');
await app.close();
await database.close();
