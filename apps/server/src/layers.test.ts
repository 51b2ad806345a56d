// runs-long: 25 s (dependency-cruiser over the server, with planted imports)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';

// The layer rules (.dependency-cruiser.cjs, decision 0021) refuse what they say they refuse: a copy
// of the server's sources with one import planted is cruised with the real config (issue 35: every
// folder has a place in the order; health and ops had none, so an import from health into payments
// passed).
const ROOT = path.resolve(import.meta.dirname, '../../..');
const DEPCRUISE = path.join(ROOT, 'node_modules/.bin/depcruise');
const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
});

function cruiseWith(file: string, source: string): { code: number | null; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-layers-'));
  copies.push(dir);
  fs.cpSync(path.join(ROOT, 'apps/server/src'), path.join(dir, 'apps/server/src'), {
    recursive: true,
    filter: (from) => !from.endsWith('.test.ts'),
  });
  fs.writeFileSync(path.join(dir, 'apps/server/src', file), source);
  const run = spawnSync(
    DEPCRUISE,
    ['apps/server/src', '--config', path.join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'err'],
    { cwd: dir, encoding: 'utf8' },
  );
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

test('the sources as they are pass', () => {
  const { code, output } = cruiseWith('modules/health/planted.ts', 'export const nothing = 1;\n');
  expect(code, output).toBe(0);
});

test('an import from health into payments is refused, naming the order', () => {
  const { code, output } = cruiseWith(
    'modules/health/planted.ts',
    "import { capturePayment } from '../payments';\nexport const planted = capturePayment;\n",
  );
  expect(code).not.toBe(0);
  expect(output).toContain('layer-health');
  expect(output).toContain('modules/health/planted.ts');
});

test('a module importing an operator command is refused', () => {
  const { code, output } = cruiseWith(
    'modules/payments/planted.ts',
    "import '../../ops/backup';\nexport const planted = 1;\n",
  );
  expect(code).not.toBe(0);
  expect(output).toContain('composition-is-the-top');
});

test('a flow importing the demo seed is refused (the seed sits in src/demo/, at the top)', () => {
  const { code, output } = cruiseWith('flows/planted.ts', "import '../demo/demo-data';\nexport const planted = 1;\n");
  expect(code).not.toBe(0);
  expect(output).toContain('composition-is-the-top');
  expect(output).toContain('flows/planted.ts');
});

test('a module importing the admin portal (src/admin/, above the flows) is refused', () => {
  const { code, output } = cruiseWith(
    'modules/payments/planted.ts',
    "import '../../admin';\nexport const planted = 1;\n",
  );
  expect(code).not.toBe(0);
  expect(output).toContain('layer-payments');
});
