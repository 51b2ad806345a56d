#!/usr/bin/env node
// `npm run build` (after the web build): compiles the server into one ES module,
// apps/server/dist/server.js, so production runs plain JavaScript with `node` (decision 0033).
// npm packages stay external (node_modules is installed next to it, and native ones like sharp and
// argon2 cannot be bundled); the workspace's own @fanline/* packages export TypeScript sources, so
// they are bundled. The release and commit are stamped in for /api/health (FANLINE_VERSION and
// FANLINE_COMMIT at run time still win).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
const outfile = path.join(server, 'dist/server.js');

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
  entryPoints: [path.join(server, 'src/server.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  tsconfig: path.join(server, 'tsconfig.json'),
  define: { __FANLINE_BUILD__: JSON.stringify({ version, commit }) },
  // A bare import is an npm package (external) unless it is one of ours.
  plugins: [
    {
      name: 'npm-packages-external',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@fanline/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  logLevel: 'warning',
});
const size = fs.statSync(outfile).size;
console.log(
  `server built: ${path.relative(root, outfile)} (${Math.round(size / 1024)} KiB, version ${version}` +
    `${commit ? `, commit ${commit}` : ''}) in ${Math.round(performance.now() - started)} ms`,
);
