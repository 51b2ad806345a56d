#!/usr/bin/env node
// `npm run cluster` (and its tests and bench) put Debian's HAProxy in front of the instances.
import { ensureDebianPackage } from './ensure-debian-package.mjs';

ensureDebianPackage({
  binary: process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy',
  name: 'HAProxy',
  packages: ['haproxy'],
  needs: 'The cluster needs',
  howTo: 'or point HAPROXY_PATH at an existing haproxy binary (2.4 or later).',
});
