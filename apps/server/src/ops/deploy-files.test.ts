import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../../../scripts/server-command.mjs';

// The deploy files agree with each other and with the topology docs/operations.md draws (issue 38
// point 4, decision 0043): what one file promises, the others keep. The release test
// (release.int.test.ts) runs them; this reads what they claim.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const env = Object.fromEntries(
  read('deploy/fanline.env.example')
    .split('\n')
    .map((line) => /^([A-Z0-9_]+)=(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1], /^"(.*)"$/.exec(match[2] ?? '')?.[1] ?? match[2]]),
) as Record<string, string>;
const unit = read('deploy/fanline@.service');
const unitEnv = Object.fromEntries(
  [...unit.matchAll(/^Environment=([A-Z_]+)=(.*)$/gm)].map((match) => [match[1], match[2]]),
) as Record<string, string>;
const docs = read('docs/operations.md');
/** HAProxy's instances in the documented drop-in: FANLINE_SERVER_N=host:port. */
const balanced = [...docs.matchAll(/"FANLINE_SERVER_\d+=([\d.]+):(\d+)"/g)].map((m) => ({
  host: m[1] ?? '',
  port: Number(m[2]),
}));

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);

test('instances listen where HAProxy, on another host, reaches them', () => {
  expect(balanced.length).toBeGreaterThanOrEqual(2);
  expect(balanced.every(({ host }) => net.isIP(host) && !isLoopback(host))).toBe(true);
  // Bound to loopback they would be unreachable from HAProxy's host.
  expect(isLoopback(env.HOST ?? '127.0.0.1')).toBe(false);
  expect(['0.0.0.0', '::']).toContain(env.HOST);
  // The unit's fanline@N port is the port HAProxy is told (310N).
  expect(unitEnv.PORT).toBe('310%i');
  for (const { port } of balanced) expect(String(port)).toMatch(/^310[1-9]$/);
  // HAProxy's address is the one the instances trust for X-Forwarded-For, and it is not an instance.
  expect(net.isIP(env.TRUST_PROXY ?? '')).not.toBe(0);
  expect(balanced.map(({ host }) => host)).not.toContain(env.TRUST_PROXY);
});

test('the shipped Prometheus config scrapes the metrics listener the env file and the unit open', () => {
  expect(unitEnv.METRICS_PORT).toBe('910%i');
  expect(isLoopback(env.METRICS_HOST ?? '127.0.0.1')).toBe(false);
  const prometheus = parse(read('deploy/prometheus/prometheus.yml')) as {
    scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
  };
  const scraped = prometheus.scrape_configs
    .filter((job) => job.job_name === 'fanline')
    .flatMap((job) => job.static_configs.flatMap((c) => c.targets));
  // Every instance HAProxy balances is scraped on the unit's metrics port for the same instance number.
  const expected = balanced.map(({ host, port }) => `${host}:${String(port).replace(/^310/, '910')}`);
  expect(scraped.sort()).toEqual(expected.sort());
});

test('the unit runs the release artefact on Node 24, compiled, without a build or a TypeScript loader', () => {
  expect(unit).toMatch(/^WorkingDirectory=\/opt\/fanline\/current$/m);
  // With the flags every start of the server has (scripts/server-command.mjs): `npm start`'s too.
  const command = [...SERVER_NODE_FLAGS, SERVER_ENTRY].join(' ');
  expect(SERVER_NODE_FLAGS).toContain('--min-semi-space-size=16');
  expect(unit.split('\n')).toContain(`ExecStart=/opt/fanline/node/bin/node ${command}`);
  const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
  expect(scripts.serve).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/serve.mjs`);
  const directives = unit
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join('\n');
  expect(directives).not.toMatch(/npm ci|npm run build|tsx|--import|\/usr\/bin\/node/);
  expect(unit).not.toMatch(/npm ci --omit=dev && npm run build/);
  expect(unit).toMatch(/^EnvironmentFile=\/etc\/fanline\/fanline\.env$/m);
  // The drain fits in the stop timeout.
  const stopSeconds = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]);
  expect(stopSeconds * 1000).toBeGreaterThan(Number(env.SHUTDOWN_GRACE_MS));
  // A stopping instance keeps serving until HAProxy's checks have taken it out (fall × fastinter, plus
  // one inter), and that wait is part of the grace.
  const checks = /default-server check inter (\d+)s fastinter (\d+)ms downinter \d+s fall (\d+)/.exec(
    read('deploy/haproxy.cfg'),
  );
  const outOfRotationMs = Number(checks?.[1]) * 1000 + Number(checks?.[2]) * Number(checks?.[3]);
  expect(Number(env.SHUTDOWN_DELAY_MS)).toBeGreaterThanOrEqual(outOfRotationMs);
  expect(Number(env.SHUTDOWN_DELAY_MS)).toBeLessThan(Number(env.SHUTDOWN_GRACE_MS));
  // The documented install puts Node and the release where the unit looks.
  expect(docs).toContain('scripts/ensure-node.sh /opt/fanline/node');
  expect(docs).toContain('ln -sfn /opt/fanline/releases/fanline-$VERSION /opt/fanline/current');
  expect(read('scripts/ensure-node.sh')).toMatch(/^FANLINE_NODE_VERSION=24\.\d+\.\d+$/m);
});

// Decision 0076: busy-polling spends the balancer host's cores, so it is only ever on by name; the lab's
// HAProxy, which shares its cores with the instances and the database, never sets it.
test('HAProxy busy-polls only when FANLINE_BUSY_POLLING is set, and the lab never sets it', () => {
  const cfg = read('deploy/haproxy.cfg');
  const lines = cfg.split('\n').map((line) => line.trim());
  const at = lines.indexOf('busy-polling');
  expect(at).toBeGreaterThan(0);
  expect(lines.filter((line) => line === 'busy-polling')).toHaveLength(1);
  expect(lines[at - 1]).toBe('.if defined(FANLINE_BUSY_POLLING)');
  expect(lines[at + 1]).toBe('.endif');
  expect(read('scripts/cluster.mjs')).not.toContain('FANLINE_BUSY_POLLING');
});

// Issue 40 point 3 (decision 0062): the backup units parse, run scripts and commands that exist, and
// keep the one backup policy docs/operations.md §6 states.
const BACKUP = 'deploy/backup';
const backupUnits = fs.readdirSync(path.join(ROOT, BACKUP)).filter((f) => /\.(service|timer)$/.test(f));
const execStarts = backupUnits.flatMap((file) =>
  [...read(`${BACKUP}/${file}`).matchAll(/^ExecStart=(\S+)(.*)$/gm)].map((m) => ({
    file,
    binary: m[1] ?? '',
    rest: m[2] ?? '',
  })),
);

test('the backup units start scripts and operator commands that exist, on the schedule the policy states', () => {
  expect(backupUnits.sort()).toEqual([
    'fanline-backup-diff.service',
    'fanline-backup-diff.timer',
    'fanline-backup-files.service',
    'fanline-backup-files.timer',
    'fanline-backup-full.service',
    'fanline-backup-full.timer',
  ]);
  const commands = /const COMMANDS = \[([^\]]+)\]/.exec(read('scripts/ops.mjs'))?.[1] ?? '';
  const built = read('scripts/build-server.mjs');
  const opsCommands = [
    ...execStarts.flatMap(({ rest }) => [...rest.matchAll(/scripts\/ops\.mjs (\S+)/g)].map((m) => m[1])),
    ...[...read(`${BACKUP}/pgbackrest-backup.sh`).matchAll(/scripts\/ops\.mjs (\S+)/g)].map((m) => m[1]),
  ];
  expect(opsCommands.sort()).toEqual(['record-backup', 'record-backup', 'sync-files']);
  // Each base backup unit runs the script for its own type.
  for (const type of ['full', 'diff']) {
    expect(read(`${BACKUP}/fanline-backup-${type}.service`)).toMatch(
      new RegExp(`^ExecStart=/opt/fanline/current/deploy/backup/pgbackrest-backup\\.sh ${type}$`, 'm'),
    );
  }
  for (const name of opsCommands) {
    expect(commands).toContain(`'${name}'`);
    expect(built).toContain(`'${name}': 'src/ops/`);
  }
  for (const { binary } of execStarts) {
    const inRelease = binary.replace(/^\/opt\/fanline\/current\//, '');
    if (inRelease !== binary) expect(fs.statSync(path.join(ROOT, inRelease)).mode & 0o111, binary).not.toBe(0);
    else expect(binary).toBe('/opt/fanline/node/bin/node');
  }
  // The timers start the service instances the policy names.
  expect(read(`${BACKUP}/fanline-backup-full.timer`)).toMatch(/^OnCalendar=Sun \*-\*-\* 01:30:00 UTC$/m);
  expect(read(`${BACKUP}/fanline-backup-full.timer`)).toMatch(/^Unit=fanline-backup-full\.service$/m);
  expect(read(`${BACKUP}/fanline-backup-diff.timer`)).toMatch(/^OnCalendar=Mon\.\.Sat \*-\*-\* 01:30:00 UTC$/m);
  expect(read(`${BACKUP}/fanline-backup-diff.timer`)).toMatch(/^Unit=fanline-backup-diff\.service$/m);
  expect(read(`${BACKUP}/fanline-backup-files.timer`)).toMatch(/^OnCalendar=\*:0\/5$/m);
});

test('one backup policy: the shipped settings and every document say the same', () => {
  const archiving = read(`${BACKUP}/postgresql-archiving.conf`);
  const timeout = Number(/^archive_timeout = (\d+)$/m.exec(archiving)?.[1]);
  expect(timeout).toBeLessThanOrEqual(30); // 1 minute of recovery point, with room for a slow push
  expect(archiving).toMatch(/^archive_mode = on$/m);
  expect(archiving).toMatch(/^archive_command = 'pgbackrest --stanza=fanline archive-push %p'$/m);
  const conf = read(`${BACKUP}/pgbackrest.conf`);
  expect(conf).toMatch(/^repo1-retention-full-type=time$/m);
  const days = Number(/^repo1-retention-full=(\d+)$/m.exec(conf)?.[1]);
  expect(days).toBe(14);
  expect(conf).toMatch(/^repo1-cipher-type=aes-256-cbc$/m);
  expect(read(`${BACKUP}/fanline-backup-files.service`)).toContain(`Environment=BACKUP_FILES_KEEP_DAYS=${days}`);
  // The policy as docs/operations.md §6 states it, and the other documents point there and agree.
  const policy = `any minute of the last ${days} days`;
  expect(docs).toContain(policy);
  expect(docs).toContain(`archive_timeout = ${timeout}`);
  const security = read('docs/security.md');
  expect(security).toContain(policy);
  expect(security).toContain('operations.md#6-backups-and-point-in-time-recovery');
  expect(read('README.md')).toContain('operations.md#6-backups-and-point-in-time-recovery');
  for (const text of [security, read('README.md'), docs, read('docs/scaling.md')]) {
    expect(text).not.toMatch(/30 daily|12 monthly|7 daily and 4 weekly|Nightly: `pg_dump/);
  }
});

test('systemd accepts the backup units (systemd-analyze verify, where systemd is installed)', (context) => {
  if (spawnSync('systemd-analyze', ['--version']).status !== 0) {
    context.skip('systemd-analyze is not installed here: the backup units are not verified');
    return;
  }
  // The units name the host's paths: here the release folder is this checkout, Node this test's own.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-units-'));
  try {
    fs.mkdirSync(path.join(work, 'opt/fanline/node/bin'), { recursive: true });
    fs.symlinkSync(process.execPath, path.join(work, 'opt/fanline/node/bin/node'));
    fs.symlinkSync(ROOT, path.join(work, 'opt/fanline/current'));
    const units = path.join(work, 'units');
    fs.mkdirSync(units);
    for (const file of backupUnits) {
      const text = read(`${BACKUP}/${file}`)
        .replaceAll('/opt/fanline', `${work}/opt/fanline`)
        .replaceAll('/etc/fanline/fanline.env', path.join(ROOT, 'deploy/fanline.env.example'));
      fs.writeFileSync(path.join(units, file), text);
    }
    const verify = spawnSync('systemd-analyze', ['verify', ...fs.readdirSync(units).map((f) => `./${f}`)], {
      cwd: units,
      encoding: 'utf8',
    });
    expect(verify.status, `${verify.stdout}\n${verify.stderr}`).toBe(0);
    expect(`${verify.stdout}${verify.stderr}`).not.toMatch(/Unknown|ignoring|not executable|Failed/);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});

test('the backup script records a backup that worked, and a failed one as failed with the unit failing', () => {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-backup-sh-'));
  try {
    // Stand-ins: pgbackrest succeeds or fails as told; "node" prints the command it was asked to run.
    fs.writeFileSync(
      path.join(bin, 'pgbackrest'),
      '#!/bin/sh\necho "pgbackrest $*"\n[ "$FAIL" = 1 ] && { echo "ERROR: [056]: unable to find primary cluster"; exit 56; }\nexit 0\n',
      { mode: 0o755 },
    );
    fs.writeFileSync(path.join(bin, 'node'), '#!/bin/sh\necho "node $*"\n', { mode: 0o755 });
    const run = (fail: boolean) =>
      spawnSync(path.join(ROOT, BACKUP, 'pgbackrest-backup.sh'), ['diff'], {
        encoding: 'utf8',
        env: { PATH: `${bin}:/usr/bin:/bin`, FANLINE_NODE: path.join(bin, 'node'), FAIL: fail ? '1' : '0' },
      });
    const ok = run(false);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('pgbackrest --stanza=fanline --type=diff backup');
    expect(ok.stdout).toMatch(/^node scripts\/ops\.mjs record-backup$/m);
    const failed = run(true);
    expect(failed.status).toBe(56);
    expect(failed.stdout).toContain('node scripts/ops.mjs record-backup --failed diff');
    expect(failed.stdout).toContain('unable to find primary cluster');
  } finally {
    fs.rmSync(bin, { recursive: true, force: true });
  }
});
