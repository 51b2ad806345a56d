// A server process for the fault-injection test (fault-injection.int.test.ts, bench/faults.bench.ts):
// the real app on the PostgreSQL of FAULT_DATABASE_URL (possibly through a TCP proxy the parent cuts),
// its clock FAULT_CLOCK_OFFSET_HOURS ahead (so expiry runs while it is killed), the jobs pass looping,
// and payments through the real `stripe` SDK to the Stripe stand-in at FAULT_STRIPE_API_URL (keys in
// FAULT_STRIPE_SECRET_KEY / FAULT_STRIPE_WEBHOOK_SECRET), which
// the parent makes answer 5xx, hang or be slow. It prints `listening <url>` and is meant to be
// killed with SIGKILL at any moment.

import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { runJobsOnce } from '../jobs/run-jobs';
import type { Clock } from '../platform/clock';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';

const url = process.env.FAULT_DATABASE_URL ?? '';
const offsetMs = Number(process.env.FAULT_CLOCK_OFFSET_HOURS ?? 0) * 3_600_000;

const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const dataDir = path.join(os.tmpdir(), `fanline-fault-${process.pid}`);
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://localhost:3000',
  WEB_DIST_DIR: `${dataDir}/no-web`,
  AUTH_IP_LIMIT: '100000',
  AUTH_EMAIL_LIMIT: '100000',
  STRIPE_SECRET_KEY: process.env.FAULT_STRIPE_SECRET_KEY ?? '',
  STRIPE_WEBHOOK_SECRET: process.env.FAULT_STRIPE_WEBHOOK_SECRET ?? '',
  STRIPE_CONNECT_WEBHOOK_SECRET: process.env.FAULT_STRIPE_CONNECT_WEBHOOK_SECRET ?? '',
  STRIPE_API_URL: process.env.FAULT_STRIPE_API_URL ?? '',
});
const database = await openDatabase({ kind: 'postgres', url, max: 4 });
const app = await buildApp({ config, database, clock, logger: false });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${address}`);

for (;;) {
  await runJobsOnce(app).catch(() => {});
  await new Promise((resolve) => setTimeout(resolve, 50));
}
