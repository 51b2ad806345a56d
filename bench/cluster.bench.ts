// One instance against three behind HAProxy (over HTTPS, trusting the cluster's own certificate), and
// what the balancer costs per request (issues 27 and 38).
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432 node --import tsx bench/cluster.bench.ts
// (the cluster makes and drops a database of its own on that server; BENCH_DURATION seconds per load,
// BENCH_CONNECTIONS connections). Everything runs on this machine in one run, so the figures are ratios
// against each other, not goals: the load generator, HAProxy, PostgreSQL and the instances share its
// cores, and three instances on two cores cannot be three times one.
import http from 'node:http';
import os from 'node:os';
import { openDatabase, startCluster, startHaproxy } from '@fanline/server/testing';
import { generateCreators } from './generate-creators';
import { load, printResults, type Result } from './support';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL is required: the cluster runs on PostgreSQL');
const SECONDS = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 30);
const CREATORS = Number(process.env.BENCH_CREATORS ?? 2000);

const cluster = await startCluster({
  adminUrl,
  env: {
    ADMIN_EMAIL: 'admin@cluster-bench.test',
    ADMIN_PASSWORD: 'cluster-bench-password',
    LOG_LEVEL: 'silent',
  },
});
const [first] = cluster.instances;
if (!first) throw new Error('the cluster has no instance');
// BENCH_BUSY_POLLING=1: the single HAProxy polls without sleeping (deploy/haproxy.cfg's
// FANLINE_BUSY_POLLING, for a balancer on a host of its own), on the machine's last core alone (so with
// one thread): a poller that never sleeps must not take turns with the instance. The cluster's own
// HAProxy never busy-polls here.
const BUSY_POLLING = process.env.BENCH_BUSY_POLLING === '1';
const single = BUSY_POLLING
  ? await startHaproxy([new URL(first.url).host], { FANLINE_BUSY_POLLING: '1' }, os.availableParallelism() - 1)
  : await startHaproxy([new URL(first.url).host]);
try {
  const database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl });
  await generateCreators(database.db, CREATORS, 'cb');
  await database.close();

  // Two requests: one that never reaches the database (the proxy and framework alone) and a search
  // that does (uncached, so every request is a round trip to PostgreSQL).
  const paths = { live: '/api/health/live', search: '/api/creators/quick-search?q=cb' };
  const targets = { direct: first.url, oneBehind: single.url, threeBehind: cluster.haproxyUrl };
  const results: Record<string, Record<string, Result>> = {};
  for (const [pathName, path] of Object.entries(paths)) {
    results[pathName] = {};
    for (const [targetName, base] of Object.entries(targets)) {
      await load('warm-up', `${base}${path}`, 1, CONNECTIONS);
      const result = await load(`${pathName}: ${targetName}`, `${base}${path}`, SECONDS, CONNECTIONS);
      (results[pathName] as Record<string, Result>)[targetName] = result;
    }
  }
  // The balancer's own cost per request: one kept connection to each, requests one after another, so
  // nothing queues and the difference of the per-request times is what HAProxy adds (its hop over a kept
  // connection to the instance: http-reuse, decision 0044). The single HAProxy listens on plain HTTP,
  // as the instance does, so TLS (which only the public side has) is not in the difference; the three
  // behind HAProxy are reached over HTTPS. Direct and behind alternate request by request (each pair in
  // turn order, then the other), so the machine's other load and the database's own variation, which
  // drift over seconds, fall on both sides of each pair: the figure is the median of the pairs'
  // differences, with a 95 % interval from the order statistics (the median of each side, and the
  // difference of the means, which carries every time the scheduler made a process wait, are printed
  // beside it). Under load, the difference above also holds the queueing of four busy processes on the
  // same cores.
  const lone: Record<string, Paired> = {};
  for (const [pathName, path] of Object.entries(paths)) {
    lone[pathName] = await pairedRequests(`${first.url}${path}`, `${single.url}${path}`, SECONDS * 3);
  }
  printResults(
    `Cluster, ${CONNECTIONS} connections, ${SECONDS} s each, ${CREATORS} creators, PostgreSQL, this machine${BUSY_POLLING ? ', single HAProxy busy-polling on a core of its own' : ''}`,
    Object.values(results).flatMap((byTarget) => Object.values(byTarget)),
  );
  console.log('\n  same run                                        live    search');
  const row = (label: string, figure: (r: Record<string, Result>) => string) =>
    console.log(
      `  ${label.padEnd(44)} ${figure(results.live ?? {}).padStart(7)} ${figure(results.search ?? {}).padStart(9)}`,
    );
  const rps = (r: Result | undefined) => r?.requestsPerSecond ?? Number.NaN;
  const mean = (r: Result | undefined) => r?.mean ?? Number.NaN;
  row('three behind HAProxy / one direct (req/s)', (r) => `${(rps(r.threeBehind) / rps(r.direct)).toFixed(2)}x`);
  row('one behind HAProxy / one direct (req/s)', (r) => `${(rps(r.oneBehind) / rps(r.direct)).toFixed(2)}x`);
  row(`added mean latency at ${CONNECTIONS} connections (ms)`, (r) => (mean(r.oneBehind) - mean(r.direct)).toFixed(2));
  const pairs = (figure: (r: Paired) => string) =>
    `${figure(lone.live ?? EMPTY).padStart(7)} ${figure(lone.search ?? EMPTY).padStart(9)}`;
  console.log(
    `  ${'balancer overhead per request, 1 connection (ms)'.padEnd(44)} ${pairs((r) => median(r.differences).toFixed(3))}`,
  );
  console.log(`  ${'  95 % interval of that median (ms)'.padEnd(44)} ${pairs((r) => interval(r.differences))}`);
  console.log(
    `  ${'  the same from the means (ms)'.padEnd(44)} ${pairs((r) => (average(r.behind) - average(r.direct)).toFixed(3))}`,
  );
  for (const [pathName, r] of Object.entries(lone)) {
    console.log(
      `  ${pathName}, 1 connection: direct median ${median(r.direct).toFixed(3)} ms, behind ${median(r.behind).toFixed(3)} ms, over ${r.differences.length} pairs`,
    );
  }
} finally {
  await single.stop();
  await cluster.stop();
}

interface Paired {
  direct: number[];
  behind: number[];
  /** behind − direct, pair by pair (ms). */
  differences: number[];
}
const EMPTY: Paired = { direct: [], behind: [], differences: [] };

/**
 * GETs for `seconds`, one kept connection to each URL, alternating: direct then behind, then behind
 * then direct, and so on. Returns each request's time (ms) and each pair's difference.
 */
async function pairedRequests(directUrl: string, behindUrl: string, seconds: number): Promise<Paired> {
  const agents = [directUrl, behindUrl].map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const [directAgent, behindAgent] = agents as [http.Agent, http.Agent];
  const result: Paired = { direct: [], behind: [], differences: [] };
  const end = performance.now() + seconds * 1000;
  try {
    // One warm-up request each, so both connections are open before the first pair.
    await timedGet(directUrl, directAgent);
    await timedGet(behindUrl, behindAgent);
    for (let pair = 0; performance.now() < end; pair++) {
      let direct: number;
      let behind: number;
      if (pair % 2 === 0) {
        direct = await timedGet(directUrl, directAgent);
        behind = await timedGet(behindUrl, behindAgent);
      } else {
        behind = await timedGet(behindUrl, behindAgent);
        direct = await timedGet(directUrl, directAgent);
      }
      result.direct.push(direct);
      result.behind.push(behind);
      result.differences.push(behind - direct);
    }
  } finally {
    for (const agent of agents) agent.destroy();
  }
  return result;
}

/** One GET on a kept connection: its time in ms (a non-200 answer fails the bench). */
async function timedGet(url: string, agent: http.Agent): Promise<number> {
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${response.statusCode}`)),
        );
      })
      .on('error', reject);
  });
  return performance.now() - started;
}

function average(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** A distribution-free 95 % interval for the median: the order statistics n/2 ± 0.98·√n. */
function interval(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const half = 0.98 * Math.sqrt(sorted.length);
  const low = sorted[Math.max(0, Math.floor(sorted.length / 2 - half))];
  const high = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length / 2 + half))];
  return low === undefined || high === undefined ? 'n/a' : `${low.toFixed(3)}..${high.toFixed(3)}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
