#!/usr/bin/env node
// The dependency check of `npm run lint` (issue 42, ASVS 5.0 V15.2.1; decision 0046).
//
// `npm audit` cannot run here: this machine's registry answers its advisories endpoint with 405, and
// `npm audit signatures` needs Sigstore's TUF mirror, which is not reachable. So this checks what can
// be checked from the lockfile alone, offline, on every lint:
//   1. every installed package comes from the npm registry (no git, file, tarball-URL or other-registry
//      source) with a sha512 integrity hash that `npm ci` verifies;
//   2. every dependency a workspace declares is pinned to an exact version (house rule);
//   3. no installed version is one of the published-then-pulled malicious releases listed below
//      (npm supply-chain incidents: the versions that carried malware).
// `--audit` also tries `npm audit --omit=dev` and reports its result or why it could not run.
// `--self-test` plants one problem of each kind and fails unless all three are caught.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Versions published with malware (each incident's advisory lists them); never to be installed. */
export const KNOWN_BAD = {
  'event-stream': ['3.3.6'],
  'flatmap-stream': ['0.1.1'],
  'eslint-scope': ['3.7.2'],
  'ua-parser-js': ['0.7.29', '0.8.0', '1.0.0'],
  coa: ['2.0.3', '2.0.4', '2.1.1', '2.1.3', '3.0.1', '3.1.3'],
  rc: ['1.2.9', '1.3.9', '2.3.9'],
  colors: ['1.4.1', '1.4.2', '1.4.44-liberty-2'],
  faker: ['6.6.6'],
  'node-ipc': ['9.2.2', '10.1.1', '10.1.2', '10.1.3'],
  // July 2025: stolen maintainer token.
  'eslint-config-prettier': ['8.10.1', '9.1.1', '10.1.6', '10.1.7'],
  'eslint-plugin-prettier': ['4.2.2', '4.2.3'],
  synckit: ['0.11.9'],
  '@pkgr/core': ['0.2.8'],
  'napi-postinstall': ['0.3.1'],
  is: ['3.3.1', '5.0.0'],
  // August 2025: the nx "s1ngularity" releases.
  nx: ['20.9.0', '20.10.0', '20.11.0', '20.12.0', '21.5.0', '21.6.0', '21.7.0', '21.8.0'],
  // September 2025: the phished maintainer account (chalk, debug and 16 more).
  chalk: ['5.6.1'],
  debug: ['4.4.2'],
  'ansi-styles': ['6.2.2'],
  'supports-color': ['10.2.1'],
  'strip-ansi': ['7.1.1'],
  'ansi-regex': ['6.2.1'],
  'wrap-ansi': ['9.0.1'],
  'color-convert': ['3.1.1'],
  'color-name': ['2.0.1'],
  'is-arrayish': ['0.3.3'],
  'slice-ansi': ['7.1.1'],
  'error-ex': ['1.3.3'],
  'simple-swizzle': ['0.2.3'],
  'has-ansi': ['6.0.1'],
  'chalk-template': ['1.1.1'],
  backslash: ['0.2.1'],
  'color-string': ['2.1.1'],
  color: ['5.0.1'],
  'supports-hyperlinks': ['4.1.1'],
  // September 2025: the "Shai-Hulud" worm's best-known victim.
  '@ctrl/tinycolor': ['4.1.1', '4.1.2'],
};

const REGISTRY = 'https://registry.npmjs.org/';
const EXACT = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

/** Problems in a parsed package-lock.json (v2/v3) and the workspaces' package.json files. */
export function lockfileProblems(lock, manifests, workspaces = new Set()) {
  const problems = [];
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    if (!where.includes('node_modules/') || entry.link) continue;
    const name = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    // This lockfile leaves `resolved` out for the default registry; any other source is written there.
    if (entry.resolved !== undefined && !entry.resolved.startsWith(REGISTRY)) {
      problems.push(`${where}: not from the npm registry (${entry.resolved})`);
    }
    if (!entry.integrity?.startsWith('sha512-')) problems.push(`${where}: no sha512 integrity hash`);
    if (KNOWN_BAD[name]?.includes(entry.version))
      problems.push(`${where}: ${name}@${entry.version} is a known malicious release`);
  }
  for (const [file, manifest] of Object.entries(manifests)) {
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
      for (const [name, range] of Object.entries(manifest[field] ?? {})) {
        if (workspaces.has(name)) continue; // our own workspaces, linked, not versioned
        // An npm alias (`npm:typescript@7.0.2`, decision 0075) is pinned when its version is.
        const version = String(range).replace(/^npm:(@[^/@]+\/)?[^@]+@/, '');
        if (!EXACT.test(version)) problems.push(`${file}: ${field}.${name} is "${range}", not an exact version`);
      }
    }
  }
  return problems;
}

function readJson(file) {
  return JSON.parse(readFileSync(path.join(root, file), 'utf8'));
}

/** The root's and every workspace's package.json (the lockfile lists the workspace folders). */
function manifestsOf(lock) {
  const folders = Object.keys(lock.packages ?? {}).filter((key) => key !== '' && !key.includes('node_modules/'));
  const files = ['package.json', ...folders.map((dir) => `${dir}/package.json`)];
  return Object.fromEntries(files.map((file) => [file, readJson(file)]));
}

function selfTest() {
  const lock = {
    packages: {
      '': {},
      'node_modules/good': { version: '1.0.0', resolved: `${REGISTRY}good/-/good-1.0.0.tgz`, integrity: 'sha512-x' },
      'node_modules/from-git': { version: '1.0.0', resolved: 'git+ssh://git@example.com/x.git', integrity: 'sha512-x' },
      'node_modules/debug': { version: '4.4.2', resolved: `${REGISTRY}debug/-/debug-4.4.2.tgz`, integrity: 'sha512-x' },
    },
  };
  const problems = lockfileProblems(lock, {
    'package.json': {
      dependencies: {
        ranged: '^1.2.3',
        exact: '1.2.3',
        alias: 'npm:other@2.0.0',
        aliasRanged: 'npm:@scope/other@^2.0.0',
      },
    },
  });
  const expected = [
    'from-git: not from the npm registry',
    'debug@4.4.2 is a known malicious release',
    'ranged is "^1.2.3"',
    'aliasRanged is "npm:@scope/other@^2.0.0"',
  ];
  const missed = expected.filter((part) => !problems.some((problem) => problem.includes(part)));
  if (missed.length > 0 || problems.length !== expected.length) {
    console.error('dependency check self-test failed: missed', missed, 'got', problems);
    process.exit(1);
  }
  console.log(
    'dependency check self-test: a git source, a malicious version and a range (an alias’s too) are all caught',
  );
}

function tryAudit() {
  try {
    const out = execFileSync('npm', ['audit', '--omit=dev', '--audit-level=high'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    console.log(out.trim().split('\n').slice(-3).join('\n'));
  } catch (error) {
    const text = `${error.stdout ?? ''}\n${error.stderr ?? ''}`;
    const reason = /405|Method Not Allowed/.test(text)
      ? 'the registry refuses the advisories endpoint (405), as recorded in decision 0046'
      : /ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN/.test(text)
        ? 'the advisories endpoint is not reachable from here'
        : null;
    if (reason) console.log(`npm audit could not run: ${reason}; the lockfile checks above stand in for it.`);
    else {
      console.error(text.trim());
      process.exit(1);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--self-test')) selfTest();
  const lock = readJson('package-lock.json');
  const manifests = manifestsOf(lock);
  const workspaces = new Set(Object.values(manifests).map((manifest) => manifest.name));
  const problems = lockfileProblems(lock, manifests, workspaces);
  if (problems.length > 0) {
    console.error(`Dependency check: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  const count = Object.keys(lock.packages ?? {}).filter((key) => key.includes('node_modules/')).length;
  console.log(
    `Dependency check: ${count} locked packages from the npm registry with sha512 hashes, exact pins, no known malicious release.`,
  );
  if (process.argv.includes('--audit')) tryAudit();
}
