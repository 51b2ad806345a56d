// Landing-page API under load: featured creators and quick search over 10,000 generated creators.
// Run: node --import tsx bench/landing.bench.ts   (DATABASE_URL=… for PostgreSQL; use a scratch database)
import { generateCreators } from './generate-creators';
import { load, openBenchDatabase, printResults, startBenchServer } from './support';

const CREATORS = Number(process.env.BENCH_CREATORS ?? 10_000);

const database = await openBenchDatabase();
const prefix = `b${Date.now().toString(36)}`; // keeps repeated runs on one database unique
const started = performance.now();
await generateCreators(database.db, CREATORS, prefix);
console.log(`generated ${CREATORS} creators in ${Math.round(performance.now() - started)} ms (${database.driver})`);

const { app, url } = await startBenchServer(database);
const results = [
  await load('GET /api/creators/featured', `${url}/api/creators/featured`),
  await load('GET /api/creators/quick-search', `${url}/api/creators/quick-search?q=mayachen`),
  await load('GET /api/categories', `${url}/api/categories`),
];
printResults(`Landing API, ${CREATORS} creators, ${database.driver}`, results);
await app.close();
await database.close();
