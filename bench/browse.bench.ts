// Browse under load: filtered and sorted pages over 10,000 generated creators (issue: a page in
// under 20 ms median on PostgreSQL). Run: DATABASE_URL=… node --import tsx bench/browse.bench.ts
// (use a scratch database), or without DATABASE_URL for in-memory PGlite.
import { generateCreators } from './generate-creators';
import { load, openBenchDatabase, printResults, startBenchServer } from './support';

const CREATORS = Number(process.env.BENCH_CREATORS ?? 10_000);

const database = await openBenchDatabase();
const started = performance.now();
await generateCreators(database.db, CREATORS, `b${Date.now().toString(36)}`);
console.log(`generated ${CREATORS} creators in ${Math.round(performance.now() - started)} ms (${database.driver})`);

const { app, url } = await startBenchServer(database);
// A cursor deep in the list, so keyset paging is measured too.
let cursor = '';
for (let i = 0; i < 5; i++) {
  const page = (await (
    await fetch(`${url}/api/creators?sort=price_asc${cursor ? `&cursor=${cursor}` : ''}`)
  ).json()) as {
    nextCursor: string;
  };
  cursor = page.nextCursor;
}
const scenarios: Array<[string, string]> = [
  ['default (available, by response rate)', '/api/creators'],
  [
    'price 20-100 + Fitness,Music, price_asc',
    '/api/creators?minPrice=2000&maxPrice=10000&categories=Fitness,Music&sort=price_asc',
  ],
  ['verified + rate >= 95, newest', '/api/creators?verified=true&responseRate=95&sort=new'],
  ['search "chen", recently active', '/api/creators?search=chen&sort=recent'],
  ['page 6 by price (keyset)', `/api/creators?sort=price_asc&cursor=${cursor}`],
];
const results = [];
for (const [name, path] of scenarios) results.push(await load(name, `${url}${path}`, 4, 4));
printResults(`Browse, ${CREATORS} creators, ${database.driver}`, results);
const worst = Math.max(...results.map((r) => r.p50));
console.log(`\nmedian latency of the slowest scenario: ${worst} ms (target: under 20 ms on PostgreSQL)`);
await app.close();
await database.close();
