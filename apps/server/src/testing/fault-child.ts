// A server process for the fault-injection test (fault-injection.int.test.ts, bench/faults.bench.ts):
// the real app on the PostgreSQL of FAULT_DATABASE_URL, its clock FAULT_CLOCK_OFFSET_HOURS ahead (so
// expiry runs while it is killed), the jobs pass looping, and the payment provider failing as
// FAULT_PROVIDER says: none, 5xx (calls fail), timeout (calls hang 3 s then fail), slow (calls take
// 200–800 ms). It prints `listening <url>` and is meant to be killed with SIGKILL at any moment.

import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { runJobsOnce } from '../jobs/run-jobs';
import { createPaymentProvider, type PaymentProvider } from '../modules/payments';
import type { Clock } from '../platform/clock';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';

const url = process.env.FAULT_DATABASE_URL ?? '';
const offsetMs = Number(process.env.FAULT_CLOCK_OFFSET_HOURS ?? 0) * 3_600_000;
const mode = process.env.FAULT_PROVIDER ?? 'none';

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
});
const database = await openDatabase({ kind: 'postgres', url, max: 4 });
const payments = faulty(createPaymentProvider(config), mode);
const app = await buildApp({ config, database, clock, payments, logger: false });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${address}`);

for (;;) {
  await runJobsOnce(app).catch(() => {});
  await new Promise((resolve) => setTimeout(resolve, 50));
}

function faulty(provider: PaymentProvider, how: string): PaymentProvider {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const wrap =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (how === '5xx' && Math.random() < 0.5) throw new Error('provider answered 503');
      if (how === 'timeout' && Math.random() < 0.3) {
        await sleep(3000);
        throw new Error('provider timed out');
      }
      if (how === 'slow') await sleep(200 + Math.random() * 600);
      return fn(...args);
    };
  // Each call the provider carried out is reported on stdout, so the parent can count captures and
  // releases across processes that were killed.
  const report = (kind: string, id: string) => process.stdout.write(`provider ${kind} ${id}\n`);
  return {
    ...provider,
    createCheckout: wrap(provider.createCheckout.bind(provider)),
    capture: wrap(async (payment) => {
      const outcome = await provider.capture(payment);
      report('capture', payment.id);
      return outcome;
    }),
    release: wrap(async (payment) => {
      await provider.release(payment);
      report('release', payment.id);
    }),
    refund: wrap(async (payment) => {
      await provider.refund(payment);
      report('refund', payment.id);
    }),
  };
}
