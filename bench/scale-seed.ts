// Generates the scale bench's data set and exits, so a large set (BENCH_MESSAGES=10000000) can be made
// ahead of the runs, in the background; `npm run scale` with BENCH_REUSE=1 then reuses it. Same knobs
// as scale.bench.ts: BENCH_CREATORS, BENCH_MESSAGES, BENCH_PG_URL, BENCH_DB, BENCH_REUSE.
import { ensureScaleDatabase, scaleShape } from './scale-data';

const CREATORS = Number(process.env.BENCH_CREATORS ?? 10_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const SERVER_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const DB_NAME = process.env.BENCH_DB ?? 'fanline_bench';
const started = performance.now();
await ensureScaleDatabase({
  serverUrl: SERVER_URL,
  name: DB_NAME,
  shape: scaleShape(CREATORS, MESSAGES),
  reuse: process.env.BENCH_REUSE === '1',
});
console.log(`${DB_NAME} ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
