#!/usr/bin/env node
// `npm run serve` (and `npm start`, after the build). Without NODE_ENV it is the demo: the production
// server, explicitly opted into demo data (passwords generated for the data directory, printed at
// start), the built-in test checkout, which collects no money, and the labelled simulated Threads
// verification (DEMO_MODE, decision 0024), so a new creator can finish setup without a Threads app. A
// real deployment sets NODE_ENV=production and gets none of them (README, "Deploying for real").
import fs from 'node:fs';

const env = process.env;
if (!env.NODE_ENV) {
  env.NODE_ENV = 'production';
  if (!env.DATABASE_URL) env.SEED_DEMO_DATA ??= 'true';
  env.ALLOW_TEST_PAYMENTS ??= 'true';
  env.DEMO_MODE ??= 'true';
  console.log(
    '\nDEMO MODE (no NODE_ENV set): demo accounts, the built-in test checkout and the simulated Threads\n' +
      'verification are on; no money is collected and no verification is real.\n' +
      'For a real deployment set NODE_ENV=production (README, "Deploying for real").',
  );
}
// Production runs the compiled server (`npm run build` makes it; decision 0033): plain JavaScript, no
// TypeScript loader at run time. Node's flags, source maps among them, are package.json's "serve"
// (scripts/server-command.mjs).
const compiled = new URL('../apps/server/dist/server.js', import.meta.url);
if (!fs.existsSync(compiled)) {
  console.error('\nThe compiled server is missing (apps/server/dist/server.js). Run `npm run build` first.\n');
  process.exit(1);
}
await import(compiled.href);
