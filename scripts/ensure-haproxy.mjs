#!/usr/bin/env node
// `npm run cluster` (and its tests and bench) put Debian's HAProxy in front of the instances. Install it
// when we can (root), else say how.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const haproxy = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
if (fs.existsSync(haproxy)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
  console.log(`HAProxy not found at ${haproxy}; installing Debian's haproxy (apt-get)…`);
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy', {
      stdio: 'inherit',
    });
  } catch {
    // fall through to the message below
  }
  if (fs.existsSync(haproxy)) process.exit(0);
}
console.error(
  `\nThe cluster needs HAProxy at ${haproxy}.\n` +
    'Install it with:  sudo apt-get install -y haproxy\n' +
    'or point HAPROXY_PATH at an existing haproxy binary (2.4 or later).\n',
);
process.exit(1);
