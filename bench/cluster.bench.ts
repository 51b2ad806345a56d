// One instance against three behind HAProxy (over HTTPS, trusting the cluster's own certificate), and
// what the balancer costs per request (issues 27 and 38).
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432 node --import tsx bench/cluster.bench.ts
// (the cluster makes and drops a database of its own on that server; BENCH_DURATION seconds per load,
// BENCH_CONNECTIONS connections). Everything runs on this machine in one run, so the figures are ratios
// against each other, not goals: the load generator, HAProxy, PostgreSQL and the instances share its
// cores, and three instances on two cores cannot be three times one.
import http from 'node:http';
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
const single = await startHaproxy([new URL(first.url).host]);
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
  // The balancer's own cost per request: one kept connection, requests one after another, so nothing
  // queues and the difference of the per-request times is what HAProxy adds (its hop over a kept
  // connection to the instance: http-reuse, decision 0044). The single HAProxy listens on plain HTTP,
  // as the instance does, so TLS (which only the public side has) is not in the difference; the three
  // behind HAProxy are reached over HTTPS. Direct and behind alternate in short rounds, so a change in
  // the machine's other load falls on both; the median per request is the figure (the mean, which
  // on a shared machine carries every time the scheduler made a process wait, is printed beside it).
  // Under load the difference above also holds the queueing of four busy processes on the same cores.
  const lone: Record<string, { direct: number[]; oneBehind: number[] }> = {};
  for (const [pathName, path] of Object.entries(paths)) {
    const times = { direct: [] as number[], oneBehind: [] as number[] };
    for (let round = 0; round < 6; round++) {
      const order = round % 2 === 0 ? (['direct', 'oneBehind'] as const) : (['oneBehind', 'direct'] as const);
      for (const target of order) {
        const base = target === 'direct' ? first.url : single.url;
        times[target].push(...(await oneConnection(`${base}${path}`, SECONDS / 4)));
      }
    }
    lone[pathName] = times;
  }
  printResults(
    `Cluster, ${CONNECTIONS} connections, ${SECONDS} s each, ${CREATORS} creators, PostgreSQL, this machine`,
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
  const overhead = (pathName: string, figure: (times: number[]) => number) => {
    const r = lone[pathName];
    return r ? (figure(r.oneBehind) - figure(r.direct)).toFixed(3) : 'n/a';
  };
  const line = (label: string, figure: (times: number[]) => number) =>
    console.log(
      `  ${label.padEnd(44)} ${overhead('live', figure).padStart(7)} ${overhead('search', figure).padStart(9)}`,
    );
  line('balancer overhead per request, 1 connection (ms)', median);
  line('  the same from the means (ms)', (times) => times.reduce((a, b) => a + b, 0) / times.length);
  for (const [pathName, r] of Object.entries(lone)) {
    console.log(
      `  ${pathName}, 1 connection: direct median ${median(r.direct).toFixed(3)} ms over ${r.direct.length} requests, behind ${median(r.oneBehind).toFixed(3)} ms over ${r.oneBehind.length}`,
    );
  }
} finally {
  await single.stop();
  await cluster.stop();
}

/** GETs one after another on one kept connection for `seconds`: each request's time in ms. */
async function oneConnection(url: string, seconds: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  try {
    while (performance.now() < end) {
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
      times.push(performance.now() - started);
    }
  } finally {
    agent.destroy();
  }
  return times;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
