#!/usr/bin/env node
// `npm run build` (after the web build): compiles the server into one ES module,
// apps/server/dist/server.js, so production runs plain JavaScript with `node` (decision 0033), and each
// operator command beside it (backup.js, restore.js, storage-migrate.js, db-reset.js: what
// `npm run backup` and the others run, with no TypeScript loader on the production box; decision 0043).
// npm packages stay external (node_modules is installed next to it, and native ones like sharp and
// argon2 cannot be bundled); the workspace's own @fanline/* packages export TypeScript sources, so
// they are bundled. The release and commit are stamped in for /api/health (FANLINE_VERSION and
// FANLINE_COMMIT at run time still win).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { serverBundleOptions } from './server-bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
const outdir = path.join(server, 'dist');
/** Output name → source: the server and the operator commands (scripts/ops.mjs runs those). */
const entries = {
  server: 'src/server.ts',
  backup: 'src/ops/backup.ts',
  restore: 'src/ops/restore.ts',
  'storage-migrate': 'src/ops/storage-migrate.ts',
  'db-reset': 'src/demo/reset.ts',
  outbox: 'src/ops/outbox.ts',
  'record-backup': 'src/ops/record-backup.ts',
  'sync-files': 'src/ops/sync-files.ts',
  'restore-files': 'src/ops/restore-files.ts',
};

const rootPackage = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const version = process.env.FANLINE_VERSION?.trim() || rootPackage.version;
let commit = process.env.FANLINE_COMMIT?.trim() || null;
if (!commit) {
  try {
    commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim() || null;
  } catch {
    commit = null; // not a git checkout (a release tarball): the health answer says null
  }
}

fs.rmSync(path.join(server, 'dist'), { recursive: true, force: true });
const started = performance.now();
await build({
  ...serverBundleOptions(server),
  entryPoints: Object.fromEntries(Object.entries(entries).map(([name, source]) => [name, path.join(server, source)])),
  outdir,
  sourcemap: true,
  define: { __FANLINE_BUILD__: JSON.stringify({ version, commit }) },
});
const outfile = path.join(outdir, 'server.js');
const size = fs.statSync(outfile).size;
console.log(
  `server built: ${path.relative(root, outfile)} (${Math.round(size / 1024)} KiB, version ${version}` +
    `${commit ? `, commit ${commit}` : ''}), with ${Object.keys(entries)
      .filter((name) => name !== 'server')
      .map((name) => `${name}.js`)
      .join(', ')} in ${Math.round(performance.now() - started)} ms`,
);
