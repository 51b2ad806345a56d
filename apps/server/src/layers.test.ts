// runs-long: 8 s (dependency-cruiser over the server, with planted imports)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';

// The layer rules (.dependency-cruiser.cjs, decision 0021) refuse what they say they refuse: a copy
// of the server's sources with imports planted is cruised with the real config (issue 35: every
// folder has a place in the order; health and ops had none, so an import from health into payments
// passed).
const ROOT = path.resolve(import.meta.dirname, '../../..');
const DEPCRUISE = path.join(ROOT, 'node_modules/.bin/depcruise');
const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Each planted file imports what its layer may not. One cruise of one copy holds them all (five cruises
 * had taken 20 s): each must be refused by its rule, and nothing else may be.
 */
const PLANTED = {
  healthIntoPayments: {
    file: 'modules/health/planted-payments.ts',
    source: "import { capturePayment } from '../payments';\nexport const planted = capturePayment;\n",
  },
  moduleIntoOps: {
    file: 'modules/payments/planted-ops.ts',
    source: "import '../../ops/backup';\nexport const planted = 1;\n",
  },
  flowIntoDemo: { file: 'flows/planted-demo.ts', source: "import '../demo/demo-data';\nexport const planted = 1;\n" },
  moduleIntoAdmin: {
    file: 'modules/payments/planted-admin.ts',
    source: "import '../../admin';\nexport const planted = 1;\n",
  },
};

/** What the cruise printed, line by line. */
let printed: string[] = [];
beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-layers-'));
  copies.push(dir);
  fs.cpSync(path.join(ROOT, 'apps/server/src'), path.join(dir, 'apps/server/src'), {
    recursive: true,
    filter: (from) => !from.endsWith('.test.ts'),
  });
  for (const { file, source } of Object.values(PLANTED))
    fs.writeFileSync(path.join(dir, 'apps/server/src', file), source);
  const run = spawnSync(
    DEPCRUISE,
    ['apps/server/src', '--config', path.join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'err'],
    { cwd: dir, encoding: 'utf8' },
  );
  printed = `${run.stdout}${run.stderr}`.split('\n');
});

/** The cruise's refusals ("  error <rule>: <from> → <to>"), each naming the importing file first. */
const errorLines = () => printed.filter((line) => /^\s*error /.test(line));
const from = (plant: { file: string }) => `apps/server/src/${plant.file} `;

/** The refusals of `plant`'s import. */
const refusals = (plant: { file: string }) => errorLines().filter((line) => line.includes(from(plant)));

test('the sources as they are pass: every refusal is of a planted import', () => {
  const planted = Object.values(PLANTED).map(from);
  expect(
    errorLines().filter((line) => !planted.some((file) => line.includes(file))),
    printed.join('\n'),
  ).toEqual([]);
});

test('an import from health into payments is refused, naming the order', () => {
  expect(refusals(PLANTED.healthIntoPayments).join('\n')).toContain('layer-health');
});

test('a module importing an operator command is refused', () => {
  expect(refusals(PLANTED.moduleIntoOps).join('\n')).toContain('composition-is-the-top');
});

test('a flow importing the demo seed is refused (the seed sits in src/demo/, at the top)', () => {
  expect(refusals(PLANTED.flowIntoDemo).join('\n')).toContain('composition-is-the-top');
});

test('a module importing the admin portal (src/admin/, above the flows) is refused', () => {
  expect(refusals(PLANTED.moduleIntoAdmin).join('\n')).toContain('layer-payments');
});
