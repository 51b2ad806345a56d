import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';

// `npm run lint:cycles` (.dependency-cruiser.packages.cjs, decision 0021) refuses an import loop in the
// contracts or the web app, type-only imports included (issue 35: contracts had 7 type-only cycles and
// no lint). As in layers.test.ts, a copy of the sources with a loop planted is cruised with the real
// config, run as the script runs it.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const DEPCRUISE = path.join(ROOT, 'node_modules/.bin/depcruise');
const SOURCES = ['packages/contracts/src', 'apps/web/src'];
const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
});

/** Cruises a copy of the sources where each `file` (from the repository root) is given `edit(its text)`. */
function cruiseWith(edits: Record<string, (source: string) => string>): { code: number | null; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-cycles-'));
  copies.push(dir);
  for (const sources of SOURCES)
    fs.cpSync(path.join(ROOT, sources), path.join(dir, sources), {
      recursive: true,
      filter: (from) => !/\.test\.tsx?$/.test(from),
    });
  for (const [file, edit] of Object.entries(edits)) {
    const target = path.join(dir, file);
    fs.writeFileSync(target, edit(fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : ''));
  }
  const run = spawnSync(
    DEPCRUISE,
    [...SOURCES, '--config', path.join(ROOT, '.dependency-cruiser.packages.cjs'), '--output-type', 'err'],
    { cwd: dir, encoding: 'utf8' },
  );
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

test('the contracts and the web app as they are have no loop', () => {
  const { code, output } = cruiseWith({});
  expect(code, output).toBe(0);
  expect(output).toContain('no dependency violations');
});

test('a type-only loop in the contracts is refused, naming the rule and the files', () => {
  // The loop this lint was written for: the copy typing its labels by a schema module that imports the copy.
  const { code, output } = cruiseWith({
    'packages/contracts/src/copy.ts': (source) =>
      `import type { TMessageEndCause } from './messages';\nexport type TPlantedCause = TMessageEndCause;\n${source}`,
  });
  expect(code).not.toBe(0);
  expect(output).toContain('no-circular');
  expect(output).toContain('packages/contracts/src/copy.ts');
  expect(output).toContain('packages/contracts/src/messages.ts');
});

test('a type-only loop in the web app is refused', () => {
  const { code, output } = cruiseWith({
    'apps/web/src/lib/planted-a.ts': () => "import type { TB } from './planted-b';\nexport type TA = { b?: TB };\n",
    'apps/web/src/lib/planted-b.tsx': () => "import type { TA } from './planted-a';\nexport type TB = { a?: TA };\n",
  });
  expect(code).not.toBe(0);
  expect(output).toContain('no-circular');
  expect(output).toContain('apps/web/src/lib/planted-a.ts');
});
