// runs-long: 55 s (a timed soak on PGlite)
// not-quick: a timed soak of 50 s
import { beforeAll, expect, test } from 'vitest';
import { testDriver, useTestApp } from './testing';
import { formatSoak, runSoak } from './testing/soak';

// driver-sensitive: the soak runs on the embedded database only (a single connection is its worst case) (vitest.config.ts).

// A shortened soak (SOAK_SECONDS, 50 by default) over loopback with live streams connected; the
// thirty-minute run is `npm run soak -w @fanline/bench`. It runs in the PGlite pass only, to keep
// `npm test` bounded on a shared machine. Each pair's round takes at least ROUND_MS: flat out, the three
// pairs took a whole core and more for the 50 s (75 busy core-seconds alone, 753 paid messages on
// 30 November), from the files running beside it; paced, about 250 paid messages over the same 50 s
// with the streams connected throughout, and the thirty-minute bench still runs flat out.
const SECONDS = Number(process.env.SOAK_SECONDS ?? 50);
const ROUND_MS = 600;
// PGlite keeps the whole database in this process's memory, so RSS grows with the rows written, and in
// steps: its WebAssembly memory grows by whole chunks and never gives them back. Measured on 27
// November (issue 27's tree, 2-core machine): +82 to +263 MB over 50 s runs (725-440 paid messages),
// +95 MB over a 100 s run with twice the messages: steps, not a leak. A leak of a few MB a second
// still fails this.
const RSS_GROWTH_LIMIT_MB = 320;

let baseUrl: string;
const t = useTestApp({ env: { AUTH_IP_LIMIT: '100000', AUTH_EMAIL_LIMIT: '100000' } });
beforeAll(async () => {
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});

test.skipIf(testDriver() !== 'pglite')(
  'browse, profile, conversations, pay and reply for a minute with live streams: no errors, bounded memory',
  { timeout: (SECONDS + 20) * 1000 },
  async () => {
    const report = await runSoak({ baseUrl, db: t.database.db, seconds: SECONDS, pairs: 3, roundMs: ROUND_MS });
    console.log(formatSoak(report));
    expect(report.errors).toEqual([]);
    expect(report.paidMessages).toBeGreaterThan(10);
    expect(report.sseEvents).toBeGreaterThan(0);
    expect(report.end.rssMb - report.start.rssMb).toBeLessThan(RSS_GROWTH_LIMIT_MB);
  },
);
