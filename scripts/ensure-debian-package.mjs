// What ensure-chromium.mjs and ensure-haproxy.mjs share: a binary the tests need from Debian is there,
// or installed with apt-get when we are root, or the process stops and says how.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Exits 0 when `binary` exists (after installing `packages` if it did not and we could), else prints
 * `howTo` after the install line and exits 1. With `exit: false` it returns instead of exiting 0, so a
 * script can ensure several packages.
 */
export function ensureDebianPackage({ binary, name, packages, needs, howTo, exit = true }) {
  const done = () => (exit ? process.exit(0) : undefined);
  if (fs.existsSync(binary)) return done();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log(`${name} not found at ${binary}; installing Debian's ${packages[0]} (apt-get)…`);
    try {
      execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`, {
        stdio: 'inherit',
      });
    } catch {
      // fall through to the message below
    }
    if (fs.existsSync(binary)) return done();
  }
  console.error(
    `\n${needs} ${name} at ${binary}.\n` +
      `Install it with:  sudo apt-get install -y ${packages.join(' ')}\n${howTo}\n`,
  );
  process.exit(1);
}
