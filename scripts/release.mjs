#!/usr/bin/env node
// `npm run release`: builds once and writes the artefact an operator installs (decision 0043),
// release/fanline-<version>.tar.gz with release/fanline-<version>.tar.gz.sha256 beside it. The tarball
// holds one folder, fanline-<version>/, with:
//   apps/server/dist/       the compiled server and operator commands (server.js, backup.js, restore.js,
//                           storage-migrate.js, db-reset.js, with source maps): plain JavaScript
//   apps/server/src/db/migrations/   the SQL migrations the server applies at start
//   apps/web/dist/, apps/web/dist-ssr/   the built web app and its server-side renderer
//   node_modules/           the server's production dependencies only (`npm ci --omit=dev --workspace
//                           apps/server` from package-lock.json; decision 0088)
//   scripts/                serve.mjs, ops.mjs (what the npm scripts run), check-node.mjs, ensure-node.sh
//   deploy/, docs/operations.md, README.md
//   package.json            the runtime scripts only: serve, backup, restore, storage:migrate, db:reset
//   MANIFEST.json           name, version, commit, the Node it needs, and every file with size and SHA-256
//
// Options: --out <dir> (default release/), --skip-build (package the build already in the checkout:
// what the release test does after `npm run build`, so it never rebuilds under the other tests' feet).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from './server-command.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const outDir = path.resolve(optionValue('--out') ?? path.join(root, 'release'));
const skipBuild = args.includes('--skip-build');

const rootPackage = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const version = process.env.FANLINE_VERSION?.trim() || rootPackage.version;
const commit = process.env.FANLINE_COMMIT?.trim() || git(['rev-parse', '--short=12', 'HEAD']);
const name = `fanline-${version}`;
const started = performance.now();

/** What the build leaves behind and the artefact needs; missing ones are named. */
const BUILT = [
  'apps/server/dist/server.js',
  'apps/server/dist/backup.js',
  'apps/server/dist/restore.js',
  'apps/server/dist/storage-migrate.js',
  'apps/server/dist/db-reset.js',
  'apps/web/dist/index.html',
  'apps/web/dist-ssr/entry-server.js',
];

if (!skipBuild) {
  run('npm', ['run', 'build'], root, { FANLINE_VERSION: version, ...(commit ? { FANLINE_COMMIT: commit } : {}) });
}
const missing = BUILT.filter((file) => !fs.existsSync(path.join(root, file)));
if (missing.length > 0) {
  fail(`the build is incomplete (${missing.join(', ')} missing): run \`npm run build\` or drop --skip-build`);
}

// 1. Production dependencies, installed from the lock file in a staging folder that has the
//    workspaces' manifests and nothing else, then the workspace links dropped (the server bundles
//    @fanline/contracts; the web build has it compiled in).
const stage = path.join(outDir, name);
fs.rmSync(stage, { recursive: true, force: true });
fs.mkdirSync(stage, { recursive: true });
copy('package.json');
copy('package-lock.json');
copy('.npmrc');
for (const workspace of ['packages/contracts', 'apps/server', 'apps/web', 'e2e', 'bench']) {
  copy(`${workspace}/package.json`);
}
// --ignore-scripts: no dependency needs one (sharp and @node-rs/argon2 ship prebuilt binaries as
// optional packages, PGlite is WebAssembly); the release test proves each loads and works.
// --workspace apps/server: the server's dependencies (and the contracts' it bundles) only. The web app's
// (React Router, Radix, the icons, the chart, …) are compiled into its browser bundle and into the
// server-side renderer (apps/web/vite.config.ts `ssr`): installed, they were 14,000 of 37,000 files.
run(
  'npm',
  ['ci', '--omit=dev', '--workspace', 'apps/server', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
  stage,
);
fs.rmSync(path.join(stage, 'node_modules/@fanline'), { recursive: true, force: true });
for (const dir of ['packages', 'e2e', 'bench']) fs.rmSync(path.join(stage, dir), { recursive: true, force: true });
fs.rmSync(path.join(stage, 'package-lock.json'));
fs.rmSync(path.join(stage, '.npmrc'));

// 2. The build and what an operator reads.
for (const dir of [
  'apps/server/dist',
  'apps/server/src/db/migrations',
  'apps/web/dist',
  'apps/web/dist-ssr',
  'deploy',
]) {
  fs.cpSync(path.join(root, dir), path.join(stage, dir), { recursive: true });
}
for (const file of [
  'scripts/serve.mjs',
  'scripts/ops.mjs',
  'scripts/check-node.mjs',
  'scripts/ensure-node.sh',
  'docs/operations.md',
  'README.md',
]) {
  copy(file);
}

// 3. package.json: only what runs in production, all of it compiled code.
const releasePackage = {
  name: rootPackage.name,
  version,
  private: true,
  type: 'module',
  engines: rootPackage.engines,
  scripts: Object.fromEntries(
    ['serve', 'backup', 'restore', 'storage:migrate', 'db:reset', 'backup:record', 'backup:files', 'restore:files'].map(
      (script) => [script, rootPackage.scripts[script]],
    ),
  ),
};
for (const [script, command] of Object.entries(releasePackage.scripts)) {
  if (!command || /\btsx\b/.test(command)) fail(`package.json script "${script}" is not compiled code: ${command}`);
}
fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(releasePackage, null, 2)}\n`);

// 4. The manifest: every file with its size and SHA-256, so an installed copy can be checked.
const files = listFiles(stage).map((file) => {
  const bytes = fs.readFileSync(path.join(stage, file));
  return { path: file, bytes: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
});
const manifest = {
  name: 'fanline',
  version,
  commit,
  builtAt: new Date().toISOString(),
  node: { required: rootPackage.engines.node, builtWith: process.versions.node },
  // The command the unit in deploy/ runs (scripts/server-command.mjs).
  start: ['node', ...SERVER_NODE_FLAGS, SERVER_ENTRY].join(' '),
  files,
};
fs.writeFileSync(path.join(stage, 'MANIFEST.json'), `${JSON.stringify(manifest, null, 1)}\n`);

// 5. The tarball (one top folder, files in name order, no owner names) and its checksum.
const tarball = path.join(outDir, `${name}.tar.gz`);
run('tar', ['--sort=name', '--owner=0', '--group=0', '--numeric-owner', '-czf', tarball, '-C', outDir, name], root);
fs.rmSync(stage, { recursive: true, force: true });
const sum = crypto.createHash('sha256').update(fs.readFileSync(tarball)).digest('hex');
fs.writeFileSync(`${tarball}.sha256`, `${sum}  ${path.basename(tarball)}\n`);
const megabytes = (fs.statSync(tarball).size / 1024 / 1024).toFixed(1);
console.log(
  `release: ${path.relative(process.cwd(), tarball) || tarball} (${megabytes} MiB, ${files.length} files, version ${version}` +
    `${commit ? `, commit ${commit}` : ''}, Node ${rootPackage.engines.node}) in ${Math.round((performance.now() - started) / 1000)} s\n` +
    `sha256 ${sum}`,
);

function copy(file) {
  const from = path.join(root, file);
  if (!fs.existsSync(from)) return;
  fs.mkdirSync(path.dirname(path.join(stage, file)), { recursive: true });
  fs.copyFileSync(from, path.join(stage, file));
}

function listFiles(dir, prefix = '') {
  const out = [];
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(dir, rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

function run(command, commandArgs, cwd, env = {}) {
  try {
    execFileSync(command, commandArgs, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  } catch {
    fail(`${command} ${commandArgs.join(' ')} failed`);
  }
}

function git(gitArgs) {
  try {
    return execFileSync('git', gitArgs, { cwd: root, encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

function optionValue(flag) {
  const index = args.indexOf(flag);
  return index >= 0 ? args[index + 1] : undefined;
}

function fail(message) {
  console.error(`\nrelease: ${message}\n`);
  process.exit(1);
}
