#!/usr/bin/env node
// The point-in-time drill (apps/server/src/ops/pitr.int.test.ts) and bench/pitr.bench.ts start a
// PostgreSQL cluster of their own with WAL archived by pgBackRest: both from Debian.
import { ensureDebianPackage } from './ensure-debian-package.mjs';

ensureDebianPackage({
  binary: '/usr/bin/pgbackrest',
  name: 'pgBackRest',
  packages: ['pgbackrest'],
  needs: 'The point-in-time recovery drill needs',
  howTo: 'The drill is skipped until it is installed.',
  exit: false,
});
ensureDebianPackage({
  binary: `/usr/lib/postgresql/${process.env.PG_MAJOR ?? '15'}/bin/initdb`,
  name: 'the PostgreSQL server binaries (initdb)',
  packages: [`postgresql-${process.env.PG_MAJOR ?? '15'}`],
  needs: 'The point-in-time recovery drill needs',
  howTo: 'or set PG_BIN to a directory holding initdb, pg_ctl and postgres.',
});
