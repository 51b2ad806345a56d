#!/usr/bin/env node
// The alert rules are checked and unit-tested with Prometheus's own promtool and Alertmanager's amtool
// (issue 40, apps/server/src/ops/alerts.test.ts).
import { ensureDebianPackage } from './ensure-debian-package.mjs';

ensureDebianPackage({
  binary: '/usr/bin/amtool',
  name: 'amtool',
  packages: ['prometheus-alertmanager'],
  needs: 'The alert tests need',
  howTo: 'It comes with Alertmanager (https://prometheus.io/download/).',
  exit: false,
});
ensureDebianPackage({
  binary: '/usr/bin/promtool',
  name: 'promtool',
  packages: ['prometheus'],
  needs: 'The alert tests need',
  howTo: 'It comes with Prometheus (https://prometheus.io/download/).',
});
