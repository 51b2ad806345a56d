#!/usr/bin/env node
// The browser journeys drive Debian's Chromium. Install it when we can (root), else say how.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
  console.log(`Chromium not found at ${chromium}; installing Debian's chromium (apt-get)…`);
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation', {
      stdio: 'inherit',
    });
  } catch {
    // fall through to the message below
  }
  if (fs.existsSync(chromium)) process.exit(0);
}
console.error(
  `\nThe browser tests need Chromium at ${chromium}.\n` +
    'Install it with:  sudo apt-get install -y chromium fonts-liberation\n' +
    'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.\n',
);
process.exit(1);
