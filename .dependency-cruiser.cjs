// The server's layers (docs/architecture.md "Layers", decision 0021), checked by `npm run lint`.
//
// Bottom to top. A module (its routes file included) imports only modules of a LOWER tier (never a
// sibling of its own tier, never a higher one), through that module's index.ts (Biome checks the front
// door). Cross-module flows sit in src/flows/, above every module; admin (src/admin/) sits above the flows; the route
// table (src/routes.ts), the routes that compose tiers (src/http/), the app, the jobs, the operator
// commands (src/ops/), bootstrap and the demo seed are the composition at the very top, and nothing
// imports them back. Every folder under src/ is in this order (issue 35: health and ops had no place,
// so a planted import from health into payments passed). The module folders'
// graph is acyclic by construction, and `no-circular` checks files too.
const TIERS = [
  ['settings', 'outbox', 'vitals', 'health'],
  ['audit', 'notifications', 'realtime', 'system-alerts'],
  ['profiles', 'presence', 'categories', 'reviews'],
  ['auth'],
  ['messages', 'ledger'],
  ['attachments', 'care'],
  ['moderation'],
  ['payments'],
  ['creators', 'fans', 'support', 'verification'],
  // Reads every module's tables for a person's copy of their data (decision 0057); writes only its own.
  ['data-export'],
];

const ORDER = [
  'platform + db/schema',
  ...TIERS.map((tier) => tier.join(', ')),
  'flows',
  'admin',
  'routes + http + app + jobs + ops + demo',
].join('  <  ');

const SERVER = '^apps/server/src/';
const MODULE = (name) => `${SERVER}modules/${name}/`;
const NOT_TESTS = ['\\.test\\.ts$', `${SERVER}testing/`];
// HTTP routes: a module's own (modules/<x>/routes.ts, in its module's tier) and those that compose
// several tiers or a flow (src/http/, at the top). Only the route table (src/routes.ts) registers them.
const ROUTE_FILES = `${SERVER}(modules/.+/[a-z-]*routes\\.ts$|admin/[a-z-]*routes\\.ts$|http/)`;

const where =
  'Move the code up to the lowest tier that may call every module it needs (a flow that spans modules ' +
  'goes to src/flows/), pass what a lower module needs in as data, or let the lower module publish a ' +
  'typed event that the higher one subscribes to in the route table.';

const tierRules = TIERS.flatMap((tier, index) => {
  const higher = TIERS.slice(index + 1).flat();
  return tier.map((name) => {
    const siblings = tier.filter((other) => other !== name);
    const forbidden = [...[...siblings, ...higher].map((other) => `modules/${other}/`), 'flows/', 'admin/'];
    return {
      name: `layer-${name}`,
      severity: 'error',
      comment:
        `'${name}' (tier ${index + 1}) imports a module of its own tier or above. The layers, bottom to top: ` +
        `${ORDER}. ${where}`,
      from: { path: MODULE(name), pathNot: NOT_TESTS },
      to: { path: `${SERVER}(${forbidden.join('|')})` },
    };
  });
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: `Import loop. The layers, bottom to top: ${ORDER}. ${where}`,
      from: { path: SERVER, pathNot: NOT_TESTS },
      to: { circular: true, viaOnly: { pathNot: NOT_TESTS } },
    },
    {
      name: 'foundation-knows-no-module',
      severity: 'error',
      comment: `platform/ and db/schema are the bottom layer and import no module. The layers: ${ORDER}.`,
      from: { path: `${SERVER}(platform|db/schema)`, pathNot: NOT_TESTS },
      to: { path: `${SERVER}(modules|flows|admin|jobs|demo|app|routes|bootstrap)` },
    },
    {
      name: 'composition-is-the-top',
      severity: 'error',
      comment:
        `The composition (app.ts, routes.ts, http/, bootstrap.ts, server.ts, jobs/, ops/, the demo seed in ` +
        `src/demo/ with db:reset's command) sits at the top: no module, flow or platform file imports it. The layers: ${ORDER}.`,
      from: { path: `${SERVER}(modules|flows|admin|platform|db/schema)/`, pathNot: NOT_TESTS },
      to: {
        path: `${SERVER}(app|routes|bootstrap|server)\\.ts$|${SERVER}(jobs|http|ops|demo)/`,
      },
    },
    {
      name: 'routes-only-from-the-route-table',
      severity: 'error',
      comment:
        `A routes file is registered by the route table (src/routes.ts) only: importing a module's function ` +
        `must never load its routes. Put what another file needs in its own file and export it from index.ts.`,
      from: { path: SERVER, pathNot: [...NOT_TESTS, `${SERVER}routes\\.ts$`, ROUTE_FILES] },
      to: { path: ROUTE_FILES },
    },
    ...tierRules,
    {
      name: 'layer-flows',
      severity: 'error',
      comment: `A flow (src/flows/) calls modules below it, never admin or the composition. The layers: ${ORDER}.`,
      from: { path: `${SERVER}flows/`, pathNot: NOT_TESTS },
      to: { path: `${SERVER}(admin/|jobs/|http/|demo/|app\\.ts|routes\\.ts|bootstrap\\.ts)` },
    },
    {
      name: 'layer-admin',
      severity: 'error',
      comment: `admin (src/admin/) sits under the composition only. The layers: ${ORDER}.`,
      from: { path: `${SERVER}admin/`, pathNot: [...NOT_TESTS, ROUTE_FILES] },
      to: { path: `${SERVER}(jobs/|demo/|app\\.ts|routes\\.ts|bootstrap\\.ts)` },
    },
  ],
  options: {
    includeOnly: '^apps/server/src/',
    exclude: { path: ['\\.test\\.ts$', 'apps/server/src/testing/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
    moduleSystems: ['es6'],
    doNotFollow: { path: 'node_modules' },
  },
};
