// Lighthouse (mobile preset, simulated throttling) on `/`, `/creators` and a creator's profile, served
// by the production build on the scale bench's PostgreSQL database (issue 14 goal: performance ≥ 95,
// accessibility 100 on all three). Needs `npm run build` first and Chromium (CHROME_PATH, default
// /usr/bin/chromium). BENCH_LIGHTHOUSE_RUNS runs per page (default 3), medians reported.
// Run: npm run build && npm run lighthouse -w @fanline/bench
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

const server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'scale/product-server.ts')], {
  env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'production' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const match = /listening (\S+)/.exec(out);
    if (match?.[1]) resolve(match[1]);
  });
  server.on('exit', (code) => reject(new Error(`product server exited with ${code}`)));
});

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
  console.log(`\nLighthouse (mobile, ${RUNS} runs per page, medians): ${base}`);
  console.log('page        performance (runs)       accessibility (lowest)   FCP s   LCP s   TBT ms (runs)');
  for (const [name, pagePath] of pages) {
    const reports: Report[] = [];
    for (let i = 0; i < RUNS; i++) {
      // On a loaded machine Chromium sometimes loses the trace (NO_NAVSTART); one retry, then give up.
      reports.push(await lighthouse(`${base}${pagePath}`).catch(() => lighthouse(`${base}${pagePath}`)));
    }
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
  console.log('goal (issue 28): every run ≥ 95, accessibility 100, median TBT ≤ 150 ms on each page');
} finally {
  server.kill('SIGTERM');
}
