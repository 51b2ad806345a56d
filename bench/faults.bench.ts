// Fault injection, the fuller run: FAULT_RUNS (40 by default) server processes SIGKILLed at random
// moments of pay, confirm, reply, payout and expiry, with a provider that fails, hangs or is slow;
// then a fresh instance reconciles and the money is counted. Needs PostgreSQL:
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
