import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found from wherever this code runs: the sources
 * (apps/server/src/platform) under tsx, or the bundle (apps/server/dist/server.js) in production.
 * Files the server reads at run time (migrations, the web build) are found from here, not from this
 * file's own folder, so both layouts read the same files.
 */
export const serverRoot: string = findServerRoot(import.meta.dirname);

function findServerRoot(start: string): string {
  let dir = start;
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (pkg.name === '@fanline/server') return dir;
    } catch {
      // no package.json here; go up
    }
    dir = path.dirname(dir);
  }
  throw new Error(`Cannot find the @fanline/server package above ${start}`);
}
