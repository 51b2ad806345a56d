import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { serverBundleOptions } from '../../../../scripts/server-bundle.mjs';

// Child processes the tests start (a server to drain, a fault-injection server to kill) run compiled
// JavaScript with plain node, as production runs `apps/server/dist/server.js` (decision 0033), not
// TypeScript through `--import tsx`, which transpiled the whole server again in every child. Each
// entry is bundled once per test process, from the sources as they are now (so a quick run after an
// edit never starts a stale build), into apps/server/.test-children: inside the server package, where
// the server looks for its own files, with npm packages left external to resolve from node_modules, as
// the production bundle's do.

const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');
const OUT_DIR = path.join(SERVER_ROOT, '.test-children', String(process.pid));
const built = new Map<string, Promise<string>>();

/** The compiled form of `entry` (a path under apps/server/src), built on first use: run it with node. */
export function compiledEntry(entry: string): Promise<string> {
  let output = built.get(entry);
  if (!output) {
    output = compile(entry);
    built.set(entry, output);
  }
  return output;
}

async function compile(entry: string): Promise<string> {
  const source = path.resolve(SERVER_ROOT, 'src', entry);
  const outfile = path.join(OUT_DIR, `${path.basename(entry, path.extname(entry))}.js`);
  fs.mkdirSync(OUT_DIR, { recursive: true });
  await build({ ...serverBundleOptions(SERVER_ROOT), entryPoints: [source], outfile, sourcemap: 'inline' });
  process.once('exit', () => fs.rmSync(OUT_DIR, { recursive: true, force: true }));
  return outfile;
}
