// Lighthouse (mobile preset, simulated throttling) on `/`, `/creators` and a creator's profile, served
// by the production build on the scale bench's PostgreSQL database (issue 14 goal: performance ≥ 95,
// accessibility 100 on all three). Needs `npm run build` first and Chromium (CHROME_PATH, default
// /usr/bin/chromium). BENCH_LIGHTHOUSE_RUNS runs per page (default 3), medians reported.
// Run: npm run build && npm run lighthouse -w @fanline/bench
// Old against new: git worktree add --detach ../base <rev>, npm install && npm run build there, then
// BENCH_BASELINE_DIR=../base npm run lighthouse -w @fanline/bench (runs alternate between the two).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureScaleDatabase, scaleShape } from './scale-data';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '..');
const cli = path.join(root, 'node_modules/lighthouse/cli/index.js');
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')))
  throw new Error('no web build: run `npm run build` first');

const shape = scaleShape(Number(process.env.BENCH_CREATORS ?? 10_000), Number(process.env.BENCH_MESSAGES ?? 1_000_000));
const url = await ensureScaleDatabase({
  serverUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432',
  name: process.env.BENCH_DB ?? 'fanline_bench',
  shape,
  reuse: process.env.BENCH_REUSE === '1',
});

/** Starts the product server of the checkout at `dir` on the bench database; resolves to its URL. */
function startServer(dir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(dir, 'bench/scale/product-server.ts')], {
    cwd: dir,
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`product server in ${dir} exited with ${code}`)));
  });
  return { child, base };
}

// BENCH_BASELINE_DIR: another checkout (a worktree of the old main, built) served beside this one on
// the same database; each page's runs then alternate between the two builds, baseline first, so a
// change in the machine's state over the minutes a run takes falls on both alike.
const baselineDir = process.env.BENCH_BASELINE_DIR ? path.resolve(process.env.BENCH_BASELINE_DIR) : undefined;
if (baselineDir && !fs.existsSync(path.join(baselineDir, 'apps/web/dist/index.html')))
  throw new Error(`no web build in ${baselineDir}: run \`npm run build\` there first`);
const current = startServer(root);
const baseline = baselineDir ? startServer(baselineDir) : undefined;
const servers = [current.child, ...(baseline ? [baseline.child] : [])];
const base = await current.base;
const baselineBase = baseline ? await baseline.base : undefined;

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

function lighthouse(target: string): Promise<Report> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        cli,
        target,
        '--chrome-flags=--headless=new --no-sandbox',
        '--only-categories=performance,accessibility',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`lighthouse ${target} exited with ${code}`));
      else resolve(JSON.parse(out) as Report);
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

try {
  const newest = (await (await fetch(`${base}/api/creators?sort=new`)).json()) as {
    creators: Array<{ username: string }>;
  };
  const pages = [
    ['/', '/'],
    ['/creators', '/creators'],
    ['profile', `/${newest.creators[0]?.username ?? ''}`],
  ] as const;
  const builds = [
    ...(baselineBase ? [{ name: `baseline (${baselineDir})`, base: baselineBase }] : []),
    { name: baselineBase ? 'this build' : '', base },
  ];
  const results = new Map<string, Report[]>();
  for (const [name, pagePath] of pages) {
    for (let i = 0; i < RUNS; i++) {
      for (const build of builds) {
        const target = `${build.base}${pagePath}`;
        // On a loaded machine Chromium sometimes loses the trace (NO_NAVSTART); one retry, then give up.
        const report = await lighthouse(target).catch(() => lighthouse(target));
        const key = `${build.name}\0${name}`;
        results.set(key, [...(results.get(key) ?? []), report]);
      }
    }
  }
  for (const build of builds) {
    console.log(
      `\nLighthouse (mobile, ${RUNS} runs per page, medians)${build.name ? `: ${build.name}` : ''}: ${build.base}`,
    );
    console.log('page        performance (runs)       accessibility (lowest)   FCP s   LCP s   TBT ms (runs)');
    for (const [name] of pages) {
      const reports = results.get(`${build.name}\0${name}`) ?? [];
      const score = (r: Report, c: string) => Math.round((r.categories[c]?.score ?? 0) * 100);
      const audit = (id: string) => median(reports.map((r) => r.audits[id]?.numericValue ?? 0));
      const perf = reports.map((r) => score(r, 'performance'));
      const accessibility = reports.map((r) => score(r, 'accessibility'));
      const tbt = reports.map((r) => Math.round(r.audits['total-blocking-time']?.numericValue ?? 0));
      console.log(
        `${name.padEnd(11)} ${String(median(perf)).padStart(3)} (${perf.join(', ')})`.padEnd(36) +
          `${String(Math.min(...accessibility)).padStart(5)}        ${(audit('first-contentful-paint') / 1000).toFixed(1).padStart(6)}  ${(audit('largest-contentful-paint') / 1000).toFixed(1).padStart(6)}  ${Math.round(audit('total-blocking-time')).toString().padStart(6)} (${tbt.join(', ')})`,
      );
    }
  }
  console.log('goal (issue 28): every run ≥ 95, accessibility 100, median TBT ≤ 150 ms on each page');
} finally {
  for (const child of servers) child.kill('SIGTERM');
}
