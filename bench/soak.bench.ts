// Soak: thirty minutes (SOAK_SECONDS) of browse, profile, conversation list, pay and reply with live
// streams connected, over loopback. Prints RSS, heap, event-loop p99 and request p99 for the first
// and the last minute, and exits non-zero on any error. Run: npm run soak -w @fanline/bench
// (DATABASE_URL=… for PostgreSQL on a scratch database; else in-memory PGlite).

import { formatSoak, runSoak } from '@fanline/server/testing/soak';
import { openBenchDatabase, startBenchServer } from './support';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 30 * 60);
const database = await openBenchDatabase();
const { app, url } = await startBenchServer(database);
try {
  const report = await runSoak({
    baseUrl: url,
    db: database.db,
    seconds: SECONDS,
    pairs: Number(process.env.SOAK_PAIRS ?? 4),
    windowSeconds: Math.min(60, SECONDS / 4),
  });
  console.log(formatSoak(report));
  console.log(`RSS growth: ${report.end.rssMb - report.start.rssMb} MB`);
  process.exitCode = report.errors.length === 0 ? 0 : 1;
} finally {
  await app.close();
  await database.close();
}
