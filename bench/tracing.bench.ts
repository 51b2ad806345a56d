// What OpenTelemetry tracing costs a request (issue 40 point 2, decision 0061): the compiled server
// three ways, in one run, rounds interleaved, each its own process (the SDK registers per process):
//   without  the bundle with platform/tracing.ts swapped for no-ops (no tracing code at all): the baseline
//   off      the production bundle, no OTEL_EXPORTER_OTLP_ENDPOINT (the SDK is never imported)
//   on       the production bundle sending every trace to a local OTLP/HTTP receiver
// The load is GET /api/creators (browse, one SQL query per request with its cache off), autocannon
// from this process on the same cores. Printed: medians of BENCH_ROUNDS (default 7) runs of
// BENCH_SECONDS (default 4) each, and each variant's req/s over `without`'s in the same round.
// Run: flock /work/wt/bench.lock node --import tsx bench/tracing.bench.ts
// (DATABASE_URL=postgres://…/postgres: it creates and drops a scratch database fanline_tracing_bench;
// without it each variant gets its own embedded PGlite directory).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { contiguousFreePorts } from '@fanline/server/testing';
import { build, type Plugin } from 'esbuild';
import pg from 'pg';
import { serverBundleOptions } from '../scripts/server-bundle.mjs';
import { load, type Result } from './support';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'apps/server');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-tracing-bench-'));
const out = path.join(SERVER, '.test-children', `tracing-bench-${process.pid}`);
process.once('exit', () => {
  fs.rmSync(out, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

// Two bundles of src/server.ts: as built for production, and with tracing.ts resolved to tracing-absent.ts (no tracing code at all: the baseline).
const absent = path.join(import.meta.dirname, 'tracing-absent.ts');
const bundles = {
  production: path.join(out, 'production', 'server.js'),
  without: path.join(out, 'without', 'server.js'),
};
await build({
  ...serverBundleOptions(SERVER),
  entryPoints: [path.join(SERVER, 'src/server.ts')],
  outfile: bundles.production,
});
const base = serverBundleOptions(SERVER);
const withoutTracing: Plugin = {
  name: 'tracing-absent',
  setup(pluginBuild) {
    // Every import of platform/tracing.ts (db, logging, app, server, the outbox) gets tracing-absent.ts.
    pluginBuild.onResolve({ filter: /(^|\/)tracing$/ }, (args) =>
      path.resolve(args.resolveDir, args.path) === path.join(SERVER, 'src/platform/tracing')
        ? { path: absent }
        : undefined,
    );
  },
};
await build({
  ...base,
  plugins: [withoutTracing, ...(base.plugins ?? [])],
  entryPoints: [path.join(SERVER, 'src/server.ts')],
  outfile: bundles.without,
});

// The collector stand-in: takes every export and counts its spans, answering as a collector does.
let spans = 0;
const receiver = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    spans += (body.match(/"spanId"/g) ?? []).length;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const server = process.env.DATABASE_URL;
const databaseUrl = server ? withDatabase(server, 'fanline_tracing_bench') : '';
if (server) {
  await admin(server, 'drop database if exists fanline_tracing_bench');
  await admin(server, 'create database fanline_tracing_bench');
}

const VARIANTS = {
  without: { bundle: bundles.without, env: {} },
  off: { bundle: bundles.production, env: {} },
  on: { bundle: bundles.production, env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl } },
} as const;
type Variant = keyof typeof VARIANTS;

// The three servers run side by side, idle but for the variant under load, so each round measures all
// three within seconds of each other: the machine's load moves slowly, and the same round's ratios share it.
// A warm-up start migrates the database first (PGlite: each server gets a copy of that directory).
await stop(await start('without', path.join(work, 'template')));
const servers = {} as Record<Variant, Server>;
for (const variant of Object.keys(VARIANTS) as Variant[]) {
  const dataDir = path.join(work, variant);
  if (!server) fs.cpSync(path.join(work, 'template'), dataDir, { recursive: true });
  servers[variant] = await start(variant, dataDir);
  await load(variant, `${servers[variant].url}/api/creators`, 1, CONNECTIONS);
}
const results: Record<Variant, Result[]> = { without: [], off: [], on: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const variant of Object.keys(VARIANTS) as Variant[]) {
    results[variant].push(await load(variant, `${servers[variant].url}/api/creators`, SECONDS, CONNECTIONS));
  }
}
for (const variant of Object.keys(VARIANTS) as Variant[]) await stop(servers[variant]);
receiver.close();
if (server) await admin(server, 'drop database if exists fanline_tracing_bench');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(
  `\nGET /api/creators, ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS} s per variant, interleaved; ` +
    `database: ${server ? 'PostgreSQL' : 'embedded PGlite'}; node ${process.version}; ${os.cpus().length} cores`,
);
console.log('variant    req/s median [min-max]   p50 ms  p99 ms  mean ms  errors  req/s ÷ without (median of rounds)');
for (const variant of Object.keys(VARIANTS) as Variant[]) {
  const runs = results[variant];
  const rps = runs.map((r) => r.requestsPerSecond);
  // Paired by round: each round's figure over the same round's `without`.
  const ratios = runs.map((r, i) => r.requestsPerSecond / (results.without[i]?.requestsPerSecond ?? Number.NaN));
  console.log(
    `${variant.padEnd(10)} ${`${median(rps)} [${Math.min(...rps)}-${Math.max(...rps)}]`.padEnd(24)} ` +
      `${String(median(runs.map((r) => r.p50))).padStart(6)} ${String(median(runs.map((r) => r.p99))).padStart(7)} ` +
      `${median(runs.map((r) => r.mean))
        .toFixed(2)
        .padStart(8)} ${String(runs.reduce((n, r) => n + r.errors, 0)).padStart(7)}  ` +
      `${median(ratios).toFixed(3)} (rounds: ${ratios.map((x) => x.toFixed(2)).join(' ')})`,
  );
}
console.log(`spans received while on: ${spans}`);
console.log(`load average after: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`);
process.exit(0);

interface Server {
  url: string;
  child: ReturnType<typeof spawn>;
  exited: Promise<unknown>;
}

async function start(variant: Variant, dataDir: string): Promise<Server> {
  const port = await contiguousFreePorts(1);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [VARIANTS[variant].bundle], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      ALLOW_HTTP_PUBLIC_URL: 'true',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      APP_SECRET: 'tracing-bench-secret-0123456789abcdef',
      ALLOW_TEST_PAYMENTS: 'true',
      SEED_DEMO_DATA: 'false',
      ADMIN_EMAIL: 'tracing-bench@example.com',
      ADMIN_PASSWORD: 'tracing-bench-password',
      LOG_LEVEL: 'warn',
      BROWSE_CACHE_MS: '0',
      ...VARIANTS[variant].env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${variant}: the server exited with ${child.exitCode}\n${errors}`);
    const ready = await fetch(`${url}/api/health/ready`).catch(() => null);
    if (ready?.ok) return { url, child, exited };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stop(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
