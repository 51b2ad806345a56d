// One instance against three behind HAProxy, and what the balancer costs per request (issue 27).
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432 node --import tsx bench/cluster.bench.ts
// (the cluster makes and drops a database of its own on that server; BENCH_DURATION seconds per load,
// BENCH_CONNECTIONS connections). Everything runs on this machine in one run, so the figures are ratios
// against each other, not goals: the load generator, HAProxy, PostgreSQL and the instances share its
// cores, and three instances on two cores cannot be three times one.
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
  // The balancer's own cost per request: one connection, so nothing queues and the difference of the
  // mean latencies is what HAProxy adds (its hop, and its new connection to the instance per request:
  // option http-server-close). Under load the difference above also holds the queueing of four busy
  // processes on the same cores.
  const lone: Record<string, Record<string, Result>> = {};
  for (const [pathName, path] of Object.entries(paths)) {
    lone[pathName] = {};
    for (const [targetName, base] of Object.entries({ direct: first.url, oneBehind: single.url })) {
      await load('warm-up', `${base}${path}`, 1, 1);
      const result = await load(`${pathName}: ${targetName}, 1 connection`, `${base}${path}`, SECONDS, 1);
      (lone[pathName] as Record<string, Result>)[targetName] = result;
    }
  }
  printResults(
    `Cluster, ${CONNECTIONS} connections, ${SECONDS} s each, ${CREATORS} creators, PostgreSQL, this machine`,
    [...Object.values(results), ...Object.values(lone)].flatMap((byTarget) => Object.values(byTarget)),
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
  const overhead = (pathName: string) => {
    const r = lone[pathName] ?? {};
    // One connection is a closed loop: the time per request is exactly 1 / throughput.
    return (1000 / rps(r.oneBehind) - 1000 / rps(r.direct)).toFixed(3);
  };
  console.log(
    `  ${'balancer overhead per request, 1 connection (ms)'.padEnd(44)} ${overhead('live').padStart(7)} ${overhead('search').padStart(9)}`,
  );
} finally {
  await single.stop();
  await cluster.stop();
}
