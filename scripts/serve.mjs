#!/usr/bin/env node
// `npm run serve` (and `npm start`, after the build). Without NODE_ENV it is the demo: the production
// server, explicitly opted into demo data (passwords generated for the data directory, printed at
// start) and the built-in test checkout, which collects no money. A real deployment sets
// NODE_ENV=production and gets neither (README, "Deploying for real").
const env = process.env;
if (!env.NODE_ENV) {
  env.NODE_ENV = 'production';
  if (!env.DATABASE_URL) env.SEED_DEMO_DATA ??= 'true';
  env.ALLOW_TEST_PAYMENTS ??= 'true';
  console.log(
    '\nDEMO MODE (no NODE_ENV set): demo accounts and the built-in test checkout are on; no money is collected.\n' +
      'For a real deployment set NODE_ENV=production (README, "Deploying for real").',
  );
}
await import('../apps/server/src/server.ts');
