import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import pg from 'pg';
import { contiguousFreePorts } from './free-ports';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** One instance of a running cluster, as scripts/cluster.mjs wrote it to cluster.json. */
export interface ClusterInstance {
  id: string;
  url: string;
  pid: number;
}

export interface RunningCluster {
  /** The address users are given (PUBLIC_URL: https://localhost:<TLS port>). */
  publicUrl: string;
  /** HAProxy's HTTPS address by IP (the same port), for clients that must not resolve localhost. */
  haproxyUrl: string;
  /** HAProxy's plain-HTTP address, which only redirects to HTTPS. */
  httpUrl: string;
  /** The self-signed certificate the cluster made at start (PEM file) and its SHA-256 fingerprint. */
  certificateFile: string;
  fingerprint: string;
  databaseUrl: string;
  instances: ClusterInstance[];
  /** The cluster's data directory (CLUSTER_DIR). */
  dir: string;
  /** How live events travel between the instances (`--bus`); with NATS, its address. */
  bus: 'pg' | 'nats';
  natsUrl?: string;
  /**
   * A rolling restart (SIGHUP to the cluster script): each instance in turn drains and starts again on
   * its port. Resolves once every instance is back; `instances` then names the new processes.
   */
  roll(timeoutMs?: number): Promise<void>;
  /** What the cluster script printed so far (the start-up lines, errors). */
  output(): string;
  /** Ctrl-C: SIGTERM to the cluster script, which stops everything it started; then drops its database. */
  stop(): Promise<void>;
}

/**
 * Starts `npm run cluster`'s script (scripts/cluster.mjs) on free ports with a database, a data
 * directory and an s3rver of its own, so it can run beside a developer's `npm run cluster` and beside
 * other test files. `env` reaches every instance (e.g. AUTH_IP_LIMIT). This process then trusts the
 * cluster's certificate (trustCertificate), so fetch and https reach it over verified TLS.
 */
export async function startCluster(options: {
  adminUrl: string;
  instances?: number;
  seed?: boolean;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** `nats`: `--bus nats`, a nats-server of the cluster's own on a free port (decision 0066). */
  bus?: 'pg' | 'nats';
  /**
   * Fixed ports instead of free ones found at random: the plain-HTTP port is this one, instance i
   * listens on this + i, s3rver on this + instances + 1, HAProxy's HTTPS on this + instances + 2 and
   * NATS (with `bus: 'nats'`) on this + instances + 3 (a bench that was handed a port range).
   */
  firstPort?: number;
}): Promise<RunningCluster> {
  const instances = options.instances ?? 3;
  const fixed = options.firstPort;
  const base = fixed ?? (await contiguousFreePorts(instances + 1));
  const s3Port = fixed ? fixed + instances + 1 : await contiguousFreePorts(1);
  const tlsPort = fixed ? fixed + instances + 2 : await contiguousFreePorts(1);
  const natsPort = options.bus === 'nats' ? (fixed ? fixed + instances + 3 : await contiguousFreePorts(1)) : undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-cluster-'));
  const database = `fanline_cluster_t${process.pid}_${Date.now().toString(36)}`;
  let printed = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/cluster.mjs'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: options.adminUrl,
      CLUSTER_DB: database,
      CLUSTER_PORT: String(base),
      CLUSTER_TLS_PORT: String(tlsPort),
      CLUSTER_BASE_PORT: String(base),
      CLUSTER_INSTANCES: String(instances),
      CLUSTER_S3_PORT: String(s3Port),
      CLUSTER_DIR: dir,
      CLUSTER_SEED: options.seed ? 'true' : 'false',
      // Its metrics have their own test (metrics.int.test.ts); fixed ports here could meet a running cluster.
      CLUSTER_METRICS_BASE_PORT: 'off',
      CLUSTER_BUS: options.bus ?? 'pg',
      ...(natsPort ? { CLUSTER_NATS_PORT: String(natsPort) } : {}),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 30_000);
    await exited;
    clearTimeout(killer);
    await dropDatabase(options.adminUrl, database);
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const summaryFile = path.join(dir, 'cluster.json');
  const deadline = Date.now() + (options.readyTimeoutMs ?? 150_000);
  while (!fs.existsSync(summaryFile)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const logs = logTails(path.join(dir, 'logs'));
      await stop();
      throw new Error(`The cluster did not start:\n${printed}\n${logs}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  type Summary = Omit<RunningCluster, 'dir' | 'output' | 'stop' | 'roll'> & { rolls: number };
  const read = () => JSON.parse(fs.readFileSync(summaryFile, 'utf8')) as Summary;
  const summary = read();
  trustCertificate(fs.readFileSync(summary.certificateFile, 'utf8'));
  const running: RunningCluster = {
    ...summary,
    dir,
    output: () => printed,
    stop,
    async roll(timeoutMs = 120_000) {
      const before = read().rolls;
      child.kill('SIGHUP');
      for (const deadline = Date.now() + timeoutMs; read().rolls === before; ) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`The roll did not finish:\n${printed}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      running.instances = read().instances;
    },
  };
  return running;
}

/**
 * Adds `pem` to the certificates this process trusts by default (fetch, https, autocannon), as a user
 * who was handed the cluster's self-signed certificate would: TLS stays verified, nothing is skipped.
 * Needs Node 22.19 / 24.5 or later (tls.setDefaultCACertificates).
 */
export function trustCertificate(pem: string): void {
  const api = tls as unknown as {
    getCACertificates?: (type: 'default') => string[];
    setDefaultCACertificates?: (certs: string[]) => void;
  };
  if (!api.setDefaultCACertificates || !api.getCACertificates) {
    throw new Error('trusting the cluster certificate needs Node 22.19 or 24.5 or later');
  }
  const current = api.getCACertificates('default');
  if (!current.includes(pem)) api.setDefaultCACertificates([...current, pem]);
}

/** The last lines of every log the cluster wrote, for a start that failed. */
function logTails(logDir: string): string {
  if (!fs.existsSync(logDir)) return '';
  return fs
    .readdirSync(logDir)
    .map((name) => {
      const lines = fs.readFileSync(path.join(logDir, name), 'utf8').trimEnd().split('\n');
      return `--- ${name}\n${lines.slice(-15).join('\n')}`;
    })
    .join('\n');
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Whether a process is still there (the cluster script reaps its instances as they exit). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves with the milliseconds until `pid` is gone, or rejects after `timeoutMs`. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (processAlive(pid)) {
    if (Date.now() - started > timeoutMs) throw new Error(`process ${pid} still running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

/**
 * Another HAProxy on deploy/haproxy.cfg in front of `servers` (host:port), on a free port: the bench
 * measures the balancer with one backend against the same instance reached directly. `extraEnv` adds
 * deploy/haproxy.cfg's optional settings (the bench's FANLINE_BUSY_POLLING); `core` runs it on that
 * CPU alone.
 */
export async function startHaproxy(
  servers: string[],
  extraEnv: Record<string, string> = {},
  core?: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await contiguousFreePorts(1);
  const env: Record<string, string | undefined> = { ...process.env, ...extraEnv, FANLINE_BIND: `127.0.0.1:${port}` };
  servers.forEach((server, index) => {
    env[`FANLINE_SERVER_${index + 1}`] = server;
  });
  const haproxy = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
  const args = ['-db', '-f', 'deploy/haproxy.cfg'];
  // On one core (taskset), HAProxy starts one thread.
  const child = spawn(
    core === undefined ? haproxy : 'taskset',
    core === undefined ? args : ['-c', String(core), haproxy, ...args],
    {
      cwd: ROOT,
      env,
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  for (const deadline = Date.now() + 10_000; ; ) {
    if (child.exitCode !== null) throw new Error('HAProxy exited at start');
    const ready = await fetch(`${url}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('HAProxy was not ready within 10 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
