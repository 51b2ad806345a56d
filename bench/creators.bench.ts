// Issue 39 point 6: browse (its cache off) and the public profile at 1,000,000 creators next to 10,000,
// in one run. Each set gets a database of its own on the PostgreSQL at BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432), made here with set-based SQL (generate_series) and dropped at the
// end; the product runs in its own process on each (scale/product-server.ts, browse cache off), and
// this process is the client: CONNECTIONS requests in flight, every latency kept, so p50/p95/p99 are
// exact. The two sets are measured alternately, REPS times, and the table gives the medians and the
// p99 ratio 1M ÷ 10k per scenario.
//
//   flock /work/wt/bench.lock npm run creators -w @fanline/bench
//   BENCH_BIG=100000 BENCH_DURATION=3 BENCH_REPS=1 npm run creators -w @fanline/bench   (a quick look)
//   BENCH_KEEP=1 keeps the two databases (their names are printed) for EXPLAIN afterwards.
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { type Database, migrateDatabase, openDatabase } from '@fanline/server/testing';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { generateCreators } from './generate-creators';
import { dropSecondaryIndexes } from './scale-data';

const SMALL = Number(process.env.BENCH_SMALL ?? 10_000);
const BIG = Number(process.env.BENCH_BIG ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const REPS = Number(process.env.BENCH_REPS ?? 3);
const KEEP = process.env.BENCH_KEEP === '1';
const SERVER_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const RUN = `${process.pid}_${Date.now().toString(36)}`;
const here = import.meta.dirname;

const label = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);

// ---- the data ------------------------------------------------------------------------------------

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database with `count` creators; returns its URL. The profiles' secondary indexes are built after the load. */
async function makeSet(count: number): Promise<{ name: string; url: string; seconds: number }> {
  const name = `fanline_creators_${label(count).toLowerCase()}_${RUN}`;
  await admin(async (client) => {
    await client.query(`create database ${name}`);
    // Index builds after the bulk load sort in memory (this database only).
    await client.query(`alter database ${name} set maintenance_work_mem = '512MB'`);
  });
  const url = `${SERVER_URL}/${name}`;
  const database = await openDatabase({ kind: 'postgres', url });
  const started = performance.now();
  try {
    await migrateDatabase(database);
    const definitions = await dropSecondaryIndexes(database.db, ['profiles']);
    // In chunks of 100k: one statement per chunk keeps each transaction's memory bounded.
    for (let done = 0; done < count; done += 100_000) {
      await generateCreators(database.db, Math.min(100_000, count - done), `c${done / 100_000}`);
    }
    for (const definition of definitions) await database.db.execute(sql.raw(definition));
    await database.db.execute(sql`vacuum analyze profiles`);
  } finally {
    await database.close();
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label(count)}: ${count.toLocaleString('en')} creators in ${seconds.toFixed(0)} s (${name})`);
  return { name, url, seconds };
}

async function dropSet(name: string): Promise<void> {
  await admin((client) => client.query(`drop database if exists ${name} with (force)`));
}

/** Usernames to ask the profile for: spread over the whole set, not the first rows. */
async function sampleUsernames(url: string, count: number): Promise<string[]> {
  const database: Database = await openDatabase({ kind: 'postgres', url });
  try {
    const result = (await database.db.execute(
      sql`select username from profiles where is_creator order by random() limit ${count}`,
    )) as unknown as { rows: Array<{ username: string }> };
    return result.rows.map((row) => row.username);
  } finally {
    await database.close();
  }
}

// ---- the product and the client -------------------------------------------------------------------

async function startProduct(url: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'scale', 'product-server.ts')], {
    // Browse measured without its 1-second cache: every request reads the database.
    env: { ...process.env, DATABASE_URL: url, BENCH_BROWSE_CACHE_MS: '0', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`the product exited with ${code} before listening`)));
  });
  return { child, base };
}

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

/** CONNECTIONS loops asking `next()`'s path for `seconds`; every latency is kept. */
async function measure(base: string, next: () => string, seconds = DURATION): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      try {
        const response = await fetch(`${base}${next()}`);
        await response.arrayBuffer();
        if (response.status !== 200) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    rps: Math.round(latencies.length / seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    errors,
  };
}

// ---- run -----------------------------------------------------------------------------------------

console.log(
  `creators bench: ${label(SMALL)} and ${label(BIG)} creators, ${CONNECTIONS} connections, ${DURATION} s per run, ${REPS} alternating reps; load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (cat /proc/loadavg at start)`,
);
const sets: Array<{ size: number; name: string; url: string }> = [];
const children: ChildProcess[] = [];
try {
  for (const size of [SMALL, BIG]) sets.push({ size, ...(await makeSet(size)) });
  const servers: Array<{ size: number; base: string; names: string[]; cursor: string }> = [];
  for (const set of sets) {
    const { child, base } = await startProduct(set.url);
    children.push(child);
    const names = await sampleUsernames(set.url, 2000);
    // A cursor deep in the price order (page 6), as browse.bench.ts measures keyset paging.
    let cursor = '';
    for (let i = 0; i < 5; i++) {
      const page = (await (
        await fetch(`${base}/api/creators?sort=price_asc${cursor ? `&cursor=${cursor}` : ''}`)
      ).json()) as {
        nextCursor: string;
      };
      cursor = page.nextCursor;
    }
    servers.push({ size: set.size, base, names, cursor });
  }

  type Scenario = { name: string; path: (server: (typeof servers)[number]) => () => string };
  const fixed = (p: string) => () => () => p;
  const scenarios: Scenario[] = [
    { name: 'browse: default (available, response rate)', path: fixed('/api/creators') },
    { name: 'browse: newest', path: fixed('/api/creators?sort=new') },
    {
      name: 'browse: price 20-100, 2 categories, price_asc',
      path: fixed('/api/creators?minPrice=2000&maxPrice=10000&categories=Fitness,Music&sort=price_asc'),
    },
    {
      name: 'browse: verified, rate >= 95, newest',
      path: fixed('/api/creators?verified=true&responseRate=95&sort=new'),
    },
    { name: 'browse: search "chen", recently active', path: fixed('/api/creators?search=chen&sort=recent') },
    { name: 'browse: page 6 by price (keyset)', path: (s) => () => `/api/creators?sort=price_asc&cursor=${s.cursor}` },
    {
      name: 'public profile (random creator)',
      path: (s) => {
        let i = 0;
        return () => `/api/profiles/${s.names[i++ % s.names.length]}`;
      },
    },
  ];

  const figures = new Map<string, Figures[]>();
  for (let rep = 0; rep < REPS; rep++) {
    for (const scenario of scenarios) {
      // Alternating within a scenario, so drift on the shared machine hits both sets alike.
      const order = rep % 2 === 0 ? servers : [...servers].reverse();
      for (const server of order) {
        await measure(server.base, scenario.path(server), 1); // warm-up: plans, caches, connections
        const result = await measure(server.base, scenario.path(server));
        const key = `${scenario.name}|${server.size}`;
        figures.set(key, [...(figures.get(key) ?? []), result]);
        console.log(`  rep ${rep + 1} ${label(server.size).padStart(4)} ${scenario.name}: ${JSON.stringify(result)}`);
      }
    }
  }

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  };
  const cell = (list: Figures[]) =>
    `${String(Math.round(median(list.map((f) => f.rps)))).padStart(6)} ${String(median(list.map((f) => f.p50))).padStart(6)} ${String(
      median(list.map((f) => f.p95)),
    ).padStart(6)} ${String(median(list.map((f) => f.p99))).padStart(6)}`;
  console.log(
    `\nMedians of ${REPS} reps (ms); browse with its cache off; load now ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `${'scenario'.padEnd(46)} | ${`${label(SMALL)}: req/s    p50    p95    p99`.padStart(32)} | ${`${label(BIG)}: req/s    p50    p95    p99`.padStart(32)} | p99 ${label(BIG)} ÷ ${label(SMALL)} | errors`,
  );
  for (const scenario of scenarios) {
    const small = figures.get(`${scenario.name}|${SMALL}`) ?? [];
    const big = figures.get(`${scenario.name}|${BIG}`) ?? [];
    const ratio = median(big.map((f) => f.p99)) / (median(small.map((f) => f.p99)) || 1);
    const errors = [...small, ...big].reduce((sum, f) => sum + f.errors, 0);
    console.log(
      `${scenario.name.padEnd(46)} | ${cell(small).padStart(32)} | ${cell(big).padStart(32)} | ${ratio.toFixed(2).padStart(12)}${ratio > 1.3 ? ' !' : '  '} | ${errors}`,
    );
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? undefined
        : new Promise((resolve) => child.once('exit', resolve)),
    ),
  );
  if (KEEP) console.log(`kept: ${sets.map((s) => s.url).join(' ')}`);
  else for (const set of sets) await dropSet(set.name);
}
