// What OpenTelemetry tracing costs a request (issue 40 point 2, decision 0061): the compiled server
// three ways, in one run, rounds interleaved, each its own process (the SDK registers per process):
//   without  the bundle with platform/tracing.ts swapped for no-ops (no tracing code at all): the baseline
//   off      the production bundle, no OTEL_EXPORTER_OTLP_ENDPOINT (the SDK is never imported)
//   on       the production bundle sending every trace to a local OTLP/HTTP receiver
// The load is GET /api/creators (browse, one SQL query per request with its cache off), autocannon
// from this process on the same cores. Printed: the median of BENCH_ROUNDS (default 3) runs of
// BENCH_SECONDS (default 5) each, and each variant's ratio to `without`.
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
import { build } from 'esbuild';
import pg from 'pg';
import { serverBundleOptions } from '../scripts/server-bundle.mjs';
import { load, type Result } from './support';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'apps/server');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-tracing-bench-'));
const out = path.join(SERVER, '.test-children', `tracing-bench-${process.pid}`);
process.once('exit', () => {
  fs.rmSync(out, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

// Two bundles of src/server.ts: as built for production, and with tracing.ts resolved to the stub.
const stub = path.join(import.meta.dirname, 'tracing-stub.ts');
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
await build({
  ...base,
  plugins: [
    {
      name: 'tracing-stub',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^\.\/tracing$/ }, (args) =>
          args.resolveDir.endsWith(`${path.sep}platform`) ? { path: stub } : undefined,
        );
      },
    },
    ...base.plugins,
  ],
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

const results: Record<Variant, Result[]> = { without: [], off: [], on: [] };
// A warm-up start migrates the database once (PGlite: each variant's directory is a copy of it).
await run('without', path.join(work, 'template'), 2);
for (let round = 0; round < ROUNDS; round++) {
  for (const variant of Object.keys(VARIANTS) as Variant[]) {
    const dataDir = path.join(work, `${variant}-${round}`);
    if (!server) fs.cpSync(path.join(work, 'template'), dataDir, { recursive: true });
    results[variant].push(await run(variant, dataDir, SECONDS));
  }
}
receiver.close();
if (server) await admin(server, 'drop database if exists fanline_tracing_bench');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const summary = Object.fromEntries(
  (Object.keys(results) as Variant[]).map((variant) => {
    const runs = results[variant];
    return [
      variant,
      {
        rps: median(runs.map((r) => r.requestsPerSecond)),
        p50: median(runs.map((r) => r.p50)),
        p99: median(runs.map((r) => r.p99)),
        all: runs.map((r) => r.requestsPerSecond),
        errors: runs.reduce((sum, r) => sum + r.errors, 0),
      },
    ];
  }),
) as Record<Variant, { rps: number; p50: number; p99: number; all: number[]; errors: number }>;

console.log(
  `\nGET /api/creators, ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per variant, interleaved; ` +
    `database: ${server ? 'PostgreSQL' : 'embedded PGlite'}; node ${process.version}; ${os.cpus().length} cores`,
);
console.log('variant    req/s (median; runs)          p50 ms  p99 ms  errors  req/s vs without');
for (const variant of Object.keys(summary) as Variant[]) {
  const s = summary[variant];
  console.log(
    `${variant.padEnd(10)} ${`${s.rps} (${s.all.join(', ')})`.padEnd(29)} ${String(s.p50).padStart(6)} ${String(s.p99).padStart(7)} ` +
      `${String(s.errors).padStart(7)}  ${(s.rps / summary.without.rps).toFixed(3)}`,
  );
}
console.log(`spans received while on: ${spans}`);
console.log(`load average after: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`);
process.exit(0);

async function run(variant: Variant, dataDir: string, seconds: number): Promise<Result> {
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
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${variant}: the server exited with ${child.exitCode}\n${errors}`);
      const ready = await fetch(`${url}/api/health/ready`).catch(() => null);
      if (ready?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return await load(variant, `${url}/api/creators`, seconds, CONNECTIONS);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
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
