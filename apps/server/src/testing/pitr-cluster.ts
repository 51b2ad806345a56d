import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// A throwaway PostgreSQL cluster of its own with WAL archived by pgBackRest (issue 40 point 3): the
// point-in-time drill (ops/pitr.int.test.ts) and its bench (bench/pitr.bench.ts) start one in a
// temporary directory on a port of their own, so the shared server is never reconfigured. It loads
// the shipped archiving settings (deploy/backup/postgresql-archiving.conf) as they are; only the
// paths differ from a production host, and pgBackRest finds its configuration through
// PGBACKREST_CONFIG, which the shipped archive_command leaves to the environment.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
export const SHIPPED_ARCHIVING_CONF = path.join(ROOT, 'deploy/backup/postgresql-archiving.conf');
export const STANZA = 'fanline';

/** The newest PostgreSQL server binaries on this machine (PG_BIN names others), or null. */
export function postgresBinaries(): string | null {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .filter((v) => /^\d+$/.test(v))
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : [];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb'))) ?? null;
}

/** Why a point-in-time cluster cannot start here (missing binaries), or null when it can. */
export function pitrToolsMissing(): string | null {
  if (!postgresBinaries()) return 'no PostgreSQL server binaries (initdb) under /usr/lib/postgresql/*/bin or PG_BIN';
  try {
    execFileSync('pgbackrest', ['version'], { stdio: 'ignore' });
  } catch {
    return 'pgbackrest is not installed (Debian: apt-get install -y pgbackrest)';
  }
  return null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** PostgreSQL refuses to run as root: as root, the cluster and pgBackRest run as the postgres user. */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const withEnv = ['env', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), command, ...args];
  const [file, ...rest] = isRoot() ? ['runuser', '-u', 'postgres', '--', ...withEnv] : withEnv;
  return new Promise((resolve, reject) => {
    execFile(file ?? 'env', rest, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${command} ${args.join(' ')} failed: ${stderr || error.message}`)) : resolve(stdout),
    );
  });
}

export interface PitrCluster {
  port: number;
  dir: string;
  dataDir: string;
  /** Environment that points pgBackRest (and `npm run backup:record`) at this cluster's repository. */
  env: Record<string, string>;
  url(database?: string): string;
  pgbackrest(args: string[]): Promise<string>;
  /** A base backup of `type`; returns its wall time in ms. */
  backup(type: 'full' | 'diff' | 'incr'): Promise<number>;
  /** Switches WAL and waits until everything written so far is in the repository. */
  archiveNow(): Promise<void>;
  stop(): Promise<void>;
  /** Restores into a new data directory to `target` (PostgreSQL time), starts it, waits for promotion. */
  restoreToTime(target: string): Promise<{ restoreMs: number; recoveryMs: number }>;
  destroy(): Promise<void>;
}

/** initdb, the shipped archiving settings, a pgBackRest repository and stanza in one temporary directory. */
export async function startPitrCluster(opts: {
  port: number;
  /** Extra postgresql.conf lines (the bench's memory settings). */
  settings?: string[];
}): Promise<PitrCluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error(pitrToolsMissing() ?? 'no PostgreSQL');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-pitr-'));
  const paths = { repo: 'repo', log: 'log', lock: 'lock', spool: 'spool' };
  for (const sub of Object.values(paths)) fs.mkdirSync(path.join(dir, sub));
  const conf = path.join(dir, 'pgbackrest.conf');
  let dataDir = path.join(dir, 'data');
  const writeConf = () =>
    fs.writeFileSync(
      conf,
      [
        '[global]',
        `repo1-path=${dir}/repo`,
        // The shipped policy's options (deploy/backup/pgbackrest.conf), on a local repository.
        'repo1-retention-full=2',
        'repo1-retention-diff=7',
        'compress-type=lz4',
        'start-fast=y',
        'process-max=2',
        `log-path=${dir}/log`,
        `lock-path=${dir}/lock`,
        `spool-path=${dir}/spool`,
        'log-level-console=warn',
        'log-level-file=off',
        `[${STANZA}]`,
        `pg1-path=${dataDir}`,
        `pg1-port=${opts.port}`,
        `pg1-socket-path=${dir}`,
        'pg1-user=postgres',
        '',
      ].join('\n'),
    );
  writeConf();
  if (isRoot()) execFileSync('chown', ['-R', 'postgres:', dir]);
  const env = { PGBACKREST_CONFIG: conf, PGBACKREST_STANZA: STANZA };
  const ctl = (args: string[]) => run(path.join(bin, 'pg_ctl'), args, env);

  await run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // The shipped settings file is read where it is (as root, the postgres user gets a copy it can read).
  const archiving = path.join(dir, 'postgresql-archiving.conf');
  fs.copyFileSync(SHIPPED_ARCHIVING_CONF, archiving);
  fs.appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    [
      '',
      `include '${archiving}'`,
      `port = ${opts.port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'max_connections = 60',
      ...(opts.settings ?? []),
      '',
    ].join('\n'),
  );
  if (isRoot()) execFileSync('chown', ['-R', 'postgres:', dir]);
  const start = () => ctl(['start', '-w', '-t', '120', '-D', dataDir, '-l', path.join(dir, 'log', 'postgres.log')]);
  await start();
  const cluster: PitrCluster = {
    port: opts.port,
    dir,
    get dataDir() {
      return dataDir;
    },
    env,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${opts.port}/${database}`,
    pgbackrest: (args) => run('pgbackrest', args, env),
    async backup(type) {
      const started = performance.now();
      await run('pgbackrest', [`--type=${type}`, 'backup'], env);
      return performance.now() - started;
    },
    async archiveNow() {
      // `check` switches to a new WAL file and waits until the old one is archived.
      await run('pgbackrest', ['check'], env);
    },
    async stop() {
      await ctl(['stop', '-w', '-m', 'fast', '-D', dataDir]).catch(() => {});
    },
    async restoreToTime(target) {
      await cluster.stop();
      dataDir = path.join(dir, `restored-${Date.now()}`);
      writeConf();
      const started = performance.now();
      // A drill's cluster must not push its new timeline into the production stanza: archive-mode=off.
      await run(
        'pgbackrest',
        ['--type=time', `--target=${target}`, '--target-action=promote', '--archive-mode=off', 'restore'],
        env,
      );
      const restoreMs = performance.now() - started;
      await start();
      const client = new pg.Client({ connectionString: cluster.url() });
      await client.connect();
      try {
        for (;;) {
          const { rows } = await client.query<{ r: boolean }>('select pg_is_in_recovery() as r');
          if (!rows[0]?.r) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        await client.end();
      }
      return { restoreMs, recoveryMs: performance.now() - started - restoreMs };
    },
    async destroy() {
      await cluster.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await run('pgbackrest', ['stanza-create'], env);
  return cluster;
}

/** The database's own clock as pgBackRest's `--target` wants it (UTC, microseconds). */
export async function databaseTime(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ t: string }>(
      `select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' as t`,
    );
    return rows[0]?.t ?? '';
  } finally {
    await client.end();
  }
}
