// The scale bench of issue 14: the product next to a raw node:http + pg baseline that sends the
// product's own SQL (captured at the driver) and answers the same JSON, under autocannon at 50
// connections, alternating product and baseline within one run. Prints req/s, p50, p99 and the
// product/baseline ratio per scenario.
//
//   npm run scale -w @fanline/bench          the issue's set: 10,000 creators, ~1,000,000 messages
//   BENCH_CREATORS=500 BENCH_MESSAGES=50000 BENCH_DURATION=5 npm run scale -w @fanline/bench
//
// PostgreSQL at BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432); the database BENCH_DB
// (default fanline_bench) is dropped and made again unless BENCH_REUSE=1 finds it generated with the
// same shape. Without PostgreSQL (BENCH_PGLITE=1) the smaller set goes into in-memory PGlite and only
// the product is measured: a baseline needs a PostgreSQL server to talk to.
// BENCH_ONLY=list,inbox measures only the scenarios whose names contain one of those words.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@fanline/server/app';
import { type Database, isTransactionControl, openDatabase, recordStatements } from '@fanline/server/testing';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { SERVER_NODE_FLAGS } from '../scripts/server-command.mjs';
import { type BaselineRoute, productConfig, type RenderKind } from './scale/common';
import { BENCH_PASSWORD, ensureScaleDatabase, HEAVY_CREATOR, HEAVY_FAN, scaleCounts, scaleShape } from './scale-data';

const CREATORS = Number(process.env.BENCH_CREATORS ?? 10_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const REPS = Number(process.env.BENCH_REPS ?? 3);
const PGLITE = process.env.BENCH_PGLITE === '1';
const SERVER_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const DB_NAME = process.env.BENCH_DB ?? 'fanline_bench';
/** BENCH_ONLY=list,inbox measures only the scenarios whose names contain one of these words. */
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean) ?? [];
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error(`BENCH_DB must be a plain name, not ${DB_NAME}`);
const DATABASE_URL = `${SERVER_URL}/${DB_NAME}`;
const shape = scaleShape(CREATORS, MESSAGES);
const here = import.meta.dirname;

interface Scenario {
  name: string;
  path: string;
  kind: RenderKind;
  cookie?: string;
  cursorKind?: BaselineRoute['cursorKind'];
  limit?: number;
}

// ---- scenarios and SQL capture -------------------------------------------------------------------

interface Answer {
  statusCode: number;
  body: string;
  setCookie: string[];
}
/** A GET (or, with a payload, a JSON POST) to the product: in process, or over HTTP to its own process. */
type Ask = (url: string, payload?: unknown) => Promise<Answer>;

const askApp =
  (app: FastifyInstance): Ask =>
  async (url, payload) => {
    // A browser's same-origin POST (the Origin check, security review N7).
    const headers = { 'sec-fetch-site': 'same-origin' };
    const response = await app.inject(payload ? { method: 'POST', url, headers, payload: payload as object } : { url });
    const header = response.headers['set-cookie'];
    return {
      statusCode: response.statusCode,
      body: response.body,
      setCookie: Array.isArray(header) ? header : header ? [header] : [],
    };
  };

const askHttp =
  (base: string): Ask =>
  async (url, payload) => {
    const response = await fetch(
      `${base}${url}`,
      payload
        ? {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
            body: JSON.stringify(payload),
          }
        : {},
    );
    return { statusCode: response.status, body: await response.text(), setCookie: response.headers.getSetCookie() };
  };

async function signIn(ask: Ask, email: string): Promise<string> {
  const response = await ask('/api/auth/sign-in', { email, password: BENCH_PASSWORD });
  if (response.statusCode !== 200) throw new Error(`sign-in ${email}: ${response.statusCode} ${response.body}`);
  return (response.setCookie.find((c) => c.startsWith('fanline_session=')) ?? '').split(';')[0] ?? '';
}

async function scenariosOf(ask: Ask): Promise<Scenario[]> {
  // Page 50 of the default browse, reached by following the cursor like a client would.
  let cursor = '';
  let deepPage = 1;
  for (let page = 1; page < 50; page++) {
    const body = JSON.parse((await ask(`/api/creators${cursor ? `?cursor=${cursor}` : ''}`)).body) as {
      nextCursor: string | null;
    };
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
    deepPage = page + 1;
  }
  const profile = JSON.parse((await ask('/api/creators?sort=new')).body) as {
    creators: Array<{ username: string }>;
  };
  const fanCookie = await signIn(ask, HEAVY_FAN.email);
  const creatorCookie = await signIn(ask, HEAVY_CREATOR.email);
  const all: Scenario[] = [
    { name: 'browse, default sort', path: '/api/creators', kind: 'browse', cursorKind: 'number' },
    {
      name: 'browse, price + categories',
      path: '/api/creators?minPrice=2000&maxPrice=10000&categories=Fitness,Music&sort=price_asc',
      kind: 'browse',
      cursorKind: 'integer',
    },
    { name: 'browse, search', path: '/api/creators?search=chen&sort=recent', kind: 'browse', cursorKind: 'timestamp' },
    {
      name: `browse, keyset page ${deepPage}`,
      path: `/api/creators${cursor ? `?cursor=${cursor}` : ''}`,
      kind: 'browse',
      cursorKind: 'number',
    },
    {
      name: 'public profile API',
      path: `/api/profiles/${profile.creators[0]?.username ?? HEAVY_CREATOR.username}`,
      kind: 'profile',
    },
    { name: "heavy fan's conversation list", path: '/api/conversations', kind: 'conversations', cookie: fanCookie },
    {
      name: "heavy creator's inbox",
      path: '/api/conversations',
      kind: 'conversations',
      cookie: creatorCookie,
    },
  ];
  return all.filter((scenario) => ONLY.length === 0 || ONLY.some((word) => scenario.name.includes(word)));
}

function keyOrderOf(kind: RenderKind, body: Record<string, unknown>): BaselineRoute['keyOrder'] {
  if (kind === 'profile') return { item: Object.keys(body) };
  const list = (kind === 'browse' ? body.creators : body.conversations) as Array<Record<string, unknown>>;
  const first = list[0] ?? {};
  const nested: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(first))
    if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date))
      nested[key] = Object.keys(value);
  return { item: Object.keys(first), nested };
}

/** Each scenario's statements as the product sends them on a warm request, and the JSON it answers. */
async function capture(database: Database): Promise<{ scenarios: Scenario[]; routes: BaselineRoute[] }> {
  const recorder = recordStatements(database);
  // Without the browse cache (decision 0017): a repeated request must reach the database to be recorded.
  const app = await buildApp({ config: { ...productConfig(), browseCacheMs: 0 }, database, logger: false });
  try {
    const scenarios = await scenariosOf(askApp(app));
    const routes: BaselineRoute[] = [];
    for (const scenario of scenarios) {
      const request = { url: scenario.path, headers: scenario.cookie ? { cookie: scenario.cookie } : {} };
      for (let i = 0; i < 2; i++) await app.inject(request); // settings cached, session touched, view counted
      recorder.start();
      const capturedAt = Date.now();
      const response = await app.inject(request);
      const statements = recorder.stop().filter((s) => !isTransactionControl(s.text));
      if (response.statusCode !== 200) throw new Error(`${scenario.path}: ${response.statusCode} ${response.body}`);
      const body = response.json() as Record<string, unknown>;
      // The page size is what the product answered (a heavy user has more than a page of either).
      const limit =
        scenario.kind === 'browse'
          ? (body.creators as unknown[]).length
          : scenario.kind === 'conversations'
            ? (body.conversations as unknown[]).length
            : undefined;
      routes.push({
        path: scenario.path,
        cookie: scenario.cookie,
        kind: scenario.kind,
        cursorKind: scenario.cursorKind,
        limit,
        statements: statements.map((s) => ({
          text: s.text,
          params: s.params.map((p) => (p instanceof Date ? p.toISOString() : p)),
          prepared: s.prepared,
        })),
        keyOrder: keyOrderOf(scenario.kind, body),
        capturedAt,
      });
    }
    return { scenarios, routes };
  } finally {
    await app.close();
  }
}

// ---- servers and load ----------------------------------------------------------------------------

async function startChild(
  name: string,
  script: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  // BENCH_PRODUCT_NODE_ARGS: node flags for the product only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // to see where its time goes under the load (NODE_OPTIONS refuses --cpu-prof and reaches every process).
  // The product runs with the flags production gives it (scripts/server-command.mjs); the raw baseline without.
  const flags = script.startsWith('product')
    ? [...SERVER_NODE_FLAGS, ...(process.env.BENCH_PRODUCT_NODE_ARGS?.split(' ').filter(Boolean) ?? [])]
    : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', path.join(here, 'scale', script)], {
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code} before listening`)));
  });
  return { child, url };
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, cookie?: string): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: cookie ? { cookie } : {},
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

type Server = 'product' | 'uncached' | 'baseline';
interface Row {
  name: string;
  browse: boolean;
  identical: boolean | null;
  /** Statements the product sent named (prepared) / all it sent, for this scenario. */
  prepared: string;
  product: Figures[];
  /** The product with its browse cache off (browse scenarios only). */
  uncached: Figures[];
  baseline: Figures[];
}

function ratioCell(row: Row, which: 'product' | 'uncached'): string {
  const figures = row[which];
  if (figures.length === 0 || row.baseline.length === 0) return 'n/a';
  const ratios = figures.map((p, i) => p.rps / (row.baseline[i]?.rps || 1));
  return `${median(ratios).toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(', ')})`;
}

function printTable(rows: Row[]): void {
  const cell = (figures: Figures[]) =>
    figures.length === 0
      ? 'n/a'.padStart(24)
      : `${Math.round(median(figures.map((f) => f.rps)))
          .toLocaleString('en')
          .padStart(8)}  ${String(median(figures.map((f) => f.p50))).padStart(6)}  ${String(
          median(figures.map((f) => f.p99)),
        ).padStart(6)}`;
  console.log(
    `\nScale bench: ${MESSAGES.toLocaleString('en')} messages asked, ${CONNECTIONS} connections, ${DURATION} s per run, ${REPS} alternating reps, medians (latency in ms)`,
  );
  console.log(
    `${'scenario'.padEnd(30)} | ${'product req/s    p50     p99'.padStart(26)} | ${'cache off req/s  p50     p99'.padStart(26)} | ${'baseline req/s   p50     p99'.padStart(26)} | ${'ratio, cache on'.padEnd(24)} | ${'ratio, cache off'.padEnd(24)} | prepared | same JSON | errors`,
  );
  for (const row of rows) {
    const errors = [...row.product, ...row.uncached, ...row.baseline].reduce((sum, f) => sum + f.errors, 0);
    console.log(
      `${row.name.padEnd(30)} | ${cell(row.product)} | ${cell(row.uncached)} | ${cell(row.baseline)} | ${ratioCell(row, 'product').padEnd(24)} | ${ratioCell(row, 'uncached').padEnd(24)} | ${row.prepared.padEnd(8)} | ${row.identical === null ? 'n/a' : row.identical ? 'yes' : 'NO'}       | ${errors}`,
    );
  }
  console.log(
    'ratio = product req/s ÷ baseline req/s in the same rep (per rep in brackets); the baseline sends the same SQL, prepared where the product prepares it.\n' +
      "Browse is measured twice: with the product's 1-second browse cache (as it runs) and without it (cache off): the cache-off ratio is what the framework costs.",
  );
  // One line to keep and compare between runs (e.g. the 1M and the 10M set): medians per scenario and server.
  const summary = Object.fromEntries(
    rows.map((row) => [
      row.name,
      Object.fromEntries(
        (['product', 'uncached', 'baseline'] as const)
          .filter((which) => row[which].length > 0)
          .map((which) => [
            which,
            {
              rps: Math.round(median(row[which].map((f) => f.rps))),
              p50: median(row[which].map((f) => f.p50)),
              p99: median(row[which].map((f) => f.p99)),
            },
          ]),
      ),
    ]),
  );
  console.log(`\nfigures: ${JSON.stringify(summary)}`);
}

// ---- run -----------------------------------------------------------------------------------------

if (PGLITE) {
  // The product in its own process on in-memory PGlite (which runs queries on that process's event
  // loop, so it must not share one with autocannon); it generates the set itself.
  const product = await startChild('product', 'product-server.ts', {
    BENCH_PGLITE: '1',
    BENCH_CREATORS: String(CREATORS),
    BENCH_MESSAGES: String(MESSAGES),
  });
  try {
    const scenarios = await scenariosOf(askHttp(product.url));
    const rows: Row[] = [];
    for (const scenario of scenarios) {
      const runs = [];
      for (let rep = 0; rep < REPS; rep++) runs.push(await load(`${product.url}${scenario.path}`, scenario.cookie));
      const browse = scenario.kind === 'browse';
      rows.push({
        name: scenario.name,
        browse,
        identical: null,
        prepared: 'n/a',
        product: runs,
        uncached: [],
        baseline: [],
      });
    }
    printTable(rows);
  } finally {
    product.child.kill('SIGTERM');
  }
} else {
  await ensureScaleDatabase({ serverUrl: SERVER_URL, name: DB_NAME, shape, reuse: process.env.BENCH_REUSE === '1' });
  const database = await openDatabase({ kind: 'postgres', url: DATABASE_URL });
  const { scenarios, routes } = await capture(database);
  await database.close();
  const specPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-bench-')), 'baseline-routes.json');
  fs.writeFileSync(specPath, JSON.stringify(routes, null, 2));
  const product = await startChild('product', 'product-server.ts', { DATABASE_URL });
  // The same product with its browse cache off, for the browse scenarios only (idle otherwise).
  const uncached = scenarios.some((scenario) => scenario.kind === 'browse')
    ? await startChild('product, cache off', 'product-server.ts', { DATABASE_URL, BENCH_BROWSE_CACHE_MS: '0' })
    : null;
  const baseline = await startChild('baseline', 'baseline-server.ts', { DATABASE_URL, BENCH_SPEC: specPath });
  const urlOf = (which: Server) => (which === 'product' ? product : which === 'uncached' ? uncached : baseline)?.url;
  try {
    const rows: Row[] = [];
    for (const scenario of scenarios) {
      const headers = scenario.cookie ? { cookie: scenario.cookie } : undefined;
      const [a, b] = await Promise.all([
        fetch(`${product.url}${scenario.path}`, { headers }).then((r) => r.text()),
        fetch(`${baseline.url}${scenario.path}`, { headers }).then((r) => r.text()),
      ]);
      if (a !== b) {
        // Shown from a little before the first character that differs.
        let at = 0;
        while (at < a.length && a[at] === b[at]) at++;
        const from = Math.max(0, at - 120);
        console.log(
          `\n${scenario.name}: the baseline's JSON differs from the product's at character ${at}\n  product:  …${a.slice(from, at + 180)}\n  baseline: …${b.slice(from, at + 180)}`,
        );
      }
      const statements =
        routes.find((route) => route.path === scenario.path && route.cookie === scenario.cookie)?.statements ?? [];
      rows.push({
        name: scenario.name,
        browse: scenario.kind === 'browse',
        identical: a === b,
        prepared: `${statements.filter((s) => s.prepared).length}/${statements.length}`,
        product: [],
        uncached: [],
        baseline: [],
      });
    }
    for (let rep = 0; rep < REPS; rep++) {
      for (const [i, scenario] of scenarios.entries()) {
        const row = rows[i];
        if (!row) continue;
        // Alternate which server goes first, so warming and drift favour neither.
        const servers: Server[] =
          row.browse && uncached ? ['product', 'uncached', 'baseline'] : ['product', 'baseline'];
        const order = (rep + i) % 2 === 0 ? servers : [...servers].reverse();
        for (const which of order) {
          const figures = await load(`${urlOf(which)}${scenario.path}`, scenario.cookie);
          row[which].push(figures);
          console.log(
            `rep ${rep + 1} ${scenario.name.padEnd(32)} ${which.padEnd(8)} ${Math.round(figures.rps)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms${figures.errors ? `  errors ${figures.errors}` : ''}`,
          );
        }
      }
    }
    printTable(rows);
  } finally {
    product.child.kill('SIGTERM');
    uncached?.child.kill('SIGTERM');
    baseline.child.kill('SIGTERM');
    fs.rmSync(path.dirname(specPath), { recursive: true, force: true });
  }
  console.log(`\ndata: ${JSON.stringify(await countsOf())}`);
}

async function countsOf() {
  const database = await openDatabase({ kind: 'postgres', url: DATABASE_URL });
  try {
    return await scaleCounts(database.db);
  } finally {
    await database.close();
  }
}
