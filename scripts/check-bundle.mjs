#!/usr/bin/env node
// Prints every JS chunk's gzipped size and enforces the landing route's budget: the JS a first visit
// to / must load (entry, its static imports, the landing chunk and its static imports) stays under
// 100 KB gzipped (the same ceiling as e2e/tests/bundle-budget.e2e.ts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 100;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const gzipKb = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

const landingKey = Object.keys(manifest).find((key) => key.endsWith('features/landing/landing-page.tsx'));
if (!landingKey) {
  console.error('check-bundle: no landing chunk in the manifest');
  process.exit(1);
}
const initial = new Set([...closure('index.html'), ...closure(landingKey)]);

const rows = Object.entries(manifest)
  .filter(([, chunk]) => chunk.file.endsWith('.js'))
  .map(([key, chunk]) => ({ key, file: chunk.file, kb: gzipKb(chunk.file), initial: initial.has(key) }))
  .sort((a, b) => b.kb - a.kb);

console.log('\nJS chunks (gzipped):');
for (const row of rows) {
  console.log(`  ${row.kb.toFixed(1).padStart(7)} KB  ${row.initial ? '*' : ' '} ${row.file}`);
}
// The served app must be the production build (finding R1): development React (jsxDEV calls) means
// the build picked up a development NODE_ENV.
const development = rows.filter((row) => fs.readFileSync(path.join(dist, row.file), 'utf8').includes('jsxDEV'));
if (development.length > 0) {
  console.error(
    `check-bundle: development React in ${development.length} chunks (${development[0].file}, …); the build must run in production mode`,
  );
  process.exit(1);
}

const total = rows.filter((row) => row.initial).reduce((sum, row) => sum + row.kb, 0);
console.log(`  * loaded by a first visit to /: ${total.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)\n`);
if (total > BUDGET_KB) {
  console.error(`check-bundle: the landing route's initial JS is ${total.toFixed(1)} KB, over ${BUDGET_KB} KB`);
  process.exit(1);
}
