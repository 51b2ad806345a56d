// The product as `npm run serve` runs it in production (the background jobs left out, so they do not
// perturb the load), on the bench database. Prints `listening <url>` once ready. Run by scale.bench.ts.
import { buildApp } from '@fanline/server/app';
import { openDatabase } from '@fanline/server/testing';
import { productConfig } from './common';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('product-server: DATABASE_URL is required');
const database = await openDatabase({ kind: 'postgres', url });
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
