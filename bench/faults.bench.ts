// Fault injection, the fuller run: FAULT_RUNS (40 by default) server processes, each SIGKILLed at a
// random moment of one flow (pay, confirm, reply, expiry, decline, admin refund, payout; each flow
// once, then drawn at random), with the Stripe stand-in answering 5xx, hanging or slow and about a
// third of the runs cutting the database for 2–3 s mid-flow; then fresh instances take Stripe's
// retried webhooks, run the reconcilers, and the money is counted on our ledger and on Stripe's side.
// Needs PostgreSQL:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test FAULT_RUNS=40 npm run faults -w @fanline/bench
// It runs the same test as `npm test` with more runs, so the figures print the same way.

import { spawnSync } from 'node:child_process';
import path from 'node:path';

if (!process.env.DATABASE_URL) {
  console.error('faults bench needs DATABASE_URL (PostgreSQL)');
  process.exit(2);
}
const root = path.join(import.meta.dirname, '..');
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'postgres', 'apps/server/src/fault-injection.int.test.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FAULT_RUNS: process.env.FAULT_RUNS ?? '40' },
  },
);
process.exit(result.status ?? 1);
