// The product as `npm run serve` runs it in production (the background jobs left out, so they do not
// perturb the load), on the bench database (or, with BENCH_PGLITE=1, on an in-memory PGlite set). Prints `listening <url>` once ready. Run by scale.bench.ts.
import { buildApp } from '@fanline/server/app';
import { type Database, openDatabase } from '@fanline/server/testing';
import { generateOn, scaleShape } from '../scale-data';
import { productConfig } from './common';

const url = process.env.DATABASE_URL;
let database: Database;
if (process.env.BENCH_PGLITE === '1') {
  // The small set on in-memory PGlite, generated here (the memory is this process's).
  database = await openDatabase({ kind: 'pglite-memory' });
  await generateOn(
    database,
    scaleShape(Number(process.env.BENCH_CREATORS ?? 500), Number(process.env.BENCH_MESSAGES ?? 50_000)),
    (line) => console.error(line),
  );
} else {
  if (!url) throw new Error('product-server: DATABASE_URL or BENCH_PGLITE=1 is required');
  database = await openDatabase({ kind: 'postgres', url });
}
const app = await buildApp({ config: productConfig(), database, logger: false });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${address}`);
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
