// Start time and memory of the production server, TypeScript through tsx against the compiled
// bundle (issue 27 point 6, decision 0033), on the same machine in one run, runs interleaved.
// Run: npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432 node --import tsx bench/startup.bench.ts
// (it creates and drops a scratch database `fanline_startup_bench`); without DATABASE_URL each start
// uses a fresh embedded PGlite copy of one migrated data directory. BENCH_RUNS (default 5) per variant.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const VARIANTS = {
  'tsx (before)': ['--import', 'tsx', 'apps/server/src/server.ts'],
  'compiled (after)': ['--enable-source-maps', 'apps/server/dist/server.js'],
} as const;

if (!fs.existsSync(path.join(ROOT, 'apps/server/dist/server.js'))) throw new Error('run `npm run build` first');

const server = process.env.DATABASE_URL;
let databaseUrl = '';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-startup-'));
if (server) {
  databaseUrl = withDatabase(server, 'fanline_startup_bench');
  await admin(server, 'drop database if exists fanline_startup_bench');
  await admin(server, 'create database fanline_startup_bench');
}

// One start first migrates the database (or the PGlite directory), so every measured start finds it ready.
await measure('warm-up', [...VARIANTS['compiled (after)']], path.join(work, 'template'));

const results: Record<string, Array<{ startMs: number; rssMb: number }>> = {};
for (let run = 0; run < RUNS; run++) {
  for (const [name, args] of Object.entries(VARIANTS)) {
    const dataDir = path.join(work, `run-${run}-${name.replace(/\W+/g, '-')}`);
    if (!server) fs.cpSync(path.join(work, 'template'), dataDir, { recursive: true });
    const sample = await measure(name, [...args], dataDir);
    results[name] = [...(results[name] ?? []), sample];
  }
}

console.log(`\nstart (spawn to first answer) and RSS 2 s after it; ${RUNS} runs each, median [min-max]`);
console.log(
  `database: ${server ? 'PostgreSQL' : 'embedded PGlite'}; node ${process.version}; ${os.cpus().length} cores`,
);
for (const [name, samples] of Object.entries(results)) {
  const start = samples.map((s) => s.startMs);
  const rss = samples.map((s) => s.rssMb);
  console.log(
    `${name.padEnd(18)} start ${median(start)} ms [${Math.min(...start)}-${Math.max(...start)}]   ` +
      `RSS ${median(rss)} MB [${Math.min(...rss)}-${Math.max(...rss)}]`,
  );
}
fs.rmSync(work, { recursive: true, force: true });
if (server) await admin(server, 'drop database if exists fanline_startup_bench');

async function measure(name: string, args: string[], dataDir: string): Promise<{ startMs: number; rssMb: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ALLOW_HTTP_PUBLIC_URL: 'true',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      APP_SECRET: 'startup-bench-secret-0123456789abcdef',
      ALLOW_TEST_PAYMENTS: 'true',
      SEED_DEMO_DATA: 'false',
      ADMIN_EMAIL: 'startup-bench@example.com',
      ADMIN_PASSWORD: 'startup-bench-password',
      LOG_LEVEL: 'warn',
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
      if (child.exitCode !== null) throw new Error(`${name}: the server exited with ${child.exitCode}\n${errors}`);
      const live = await fetch(`http://127.0.0.1:${port}/api/health/live`).catch(() => null);
      if (live?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const startMs = Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { startMs, rssMb: Math.round(rssKb / 1024) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
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
