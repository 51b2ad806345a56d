#!/usr/bin/env node
// `npm run typecheck`: every workspace, with TypeScript 7's native compiler (decision 0075). It is the
// same language as 5.9 and checks the five projects in a fraction of the time (Go, several threads).
// TypeScript 5.9 stays installed as `typescript` because tools read our sources through its compiler
// API, which 7 does not export yet (dependency-cruiser for the layer lint; decision 0043). Both
// packages carry a `tsc` command, so this names 7's by its path instead of trusting node_modules/.bin.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const PROJECTS = ['packages/contracts', 'apps/server', 'apps/web', 'e2e', 'bench'];
const require = createRequire(import.meta.url);
const tsc = path.join(path.dirname(require.resolve('typescript-native/package.json')), 'bin/tsc');

for (const project of PROJECTS) {
  const run = spawnSync(process.execPath, [tsc, '-p', project], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`typecheck: ${project} has type errors (TypeScript 7, ${tsc})`);
    process.exit(run.status ?? 1);
  }
}
