#!/usr/bin/env node
// EVENT_BUS=nats (decision 0066): `npm run cluster -- --bus nats`, its tests and the bus bench start
// Debian's nats-server with JetStream.
import { ensureDebianPackage } from './ensure-debian-package.mjs';

ensureDebianPackage({
  binary: process.env.NATS_SERVER_PATH ?? '/usr/sbin/nats-server',
  name: 'nats-server',
  packages: ['nats-server'],
  needs: 'EVENT_BUS=nats (the cluster on NATS, its tests and bench) needs',
  howTo: 'or point NATS_SERVER_PATH at an existing nats-server binary (2.9 or later).',
});
