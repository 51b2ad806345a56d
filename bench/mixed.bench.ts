// The mixed load (issue 39 point 5, decision 0069): Artillery drives visitors (browse, search, profile),
// fans (sign in, pay through the built-in test checkout, read, follow up) and creators (inbox, reply),
// every signed-in user with a live stream open, against the cluster of `npm run cluster` (three
// instances behind HAProxy over HTTPS, PostgreSQL, s3rver) on ports of its own. A step ladder of
// concurrent users finds the most users served at p99 <= 300 ms with no error; then the run stops and
// checks the money: every ledger transaction balanced, no payment captured twice, every paid message
// answered, released or open. It prints a markdown report (docs/performance.md keeps one).
//
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432 npm run mixed -w @fanline/bench
// (`npm run mixed:smoke` is a few users for a few seconds). Knobs:
//   MIXLOAD_LADDER      the steps, users at once (10,20,40,80,120,160)
//   MIXLOAD_RAMP / MIXLOAD_HOLD  seconds over which a step's users arrive / it then holds (10 / 40)
//   MIXLOAD_FANS, MIXLOAD_CREATORS  accounts that sign in (300 / 100); MIXLOAD_BROWSE creators to browse (2000)
//   MIXLOAD_POPULAR     the creators who get 80 % of the paid messages, the first to be online (10)
//   MIXLOAD_FIRST_PORT  the cluster's ports from here (4800: instances 4801-4803, s3rver 4804, HTTPS 4805,
//                       metrics 4851-4853)
//   MIXLOAD_REPORT      also write the report to this file; MIXLOAD_KEEP a directory for Artillery's JSON reports
// Artillery is installed on demand into bench/mixed/tool (its own lockfile; not a workspace), since it
// weighs some 470 MB and its Playwright engine wants to download a browser at install.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCreator, createUser, openDatabase, startCluster, TEST_PASSWORD } from '@fanline/server/testing';
import pg from 'pg';
import { generateCreators } from './generate-creators';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL is required: the cluster runs on PostgreSQL');
const env = process.env;
const LADDER = (env.MIXLOAD_LADDER ?? '10,20,40,80,120,160').split(',').map(Number);
const RAMP_S = Number(env.MIXLOAD_RAMP ?? 10);
const HOLD_S = Number(env.MIXLOAD_HOLD ?? 40);
const FANS = Number(env.MIXLOAD_FANS ?? 300);
const CREATORS = Number(env.MIXLOAD_CREATORS ?? 100);
const BROWSE = Number(env.MIXLOAD_BROWSE ?? 2000);
const POPULAR = Number(env.MIXLOAD_POPULAR ?? 10);
const FIRST_PORT = Number(env.MIXLOAD_FIRST_PORT ?? 4800);
const INSTANCES = 3;
const SLO_P99_MS = 300;

const HERE = import.meta.dirname;
const TOOL = path.join(HERE, 'mixed/tool');
const ARTILLERY = path.join(TOOL, 'node_modules/artillery/bin/run');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-mixload-'));

ensureArtillery();
const cluster = await startCluster({
  adminUrl,
  instances: INSTANCES,
  firstPort: FIRST_PORT,
  env: {
    // Every virtual user signs in from this one machine: the per-address and per-email sign-in limits
    // (decision 0009) would refuse the crowd, so the bench raises them; nothing else is relaxed.
    AUTH_IP_LIMIT: '1000000',
    AUTH_EMAIL_LIMIT: '1000000',
    ADMIN_EMAIL: 'admin@mixload.test',
    ADMIN_PASSWORD: 'mixload-admin-password',
    LOG_LEVEL: 'warn',
    // Each instance's /metrics, for the browse cache's counters if the server has them.
    CLUSTER_METRICS_BASE_PORT: String(FIRST_PORT + 50),
  },
});
const sql = new pg.Client({ connectionString: cluster.databaseUrl });
let failed = false;
try {
  await sql.connect();
  const seedFile = await seed();
  const steps: Step[] = [];
  for (const users of LADDER) {
    const step = await runStep(users, seedFile);
    steps.push(step);
    console.log(
      `step ${users} users: p99 ${step.p99} ms, ${step.errors} errors, ${step.requests} requests, load ${step.loadBefore} -> ${step.loadAfter}`,
    );
    if (!step.passed) break;
  }
  const checks = await afterRun();
  const cache = await browseCache();
  const report = formatReport(steps, checks, cache);
  console.log(`\n${report}`);
  if (env.MIXLOAD_REPORT) fs.writeFileSync(env.MIXLOAD_REPORT, `${report}\n`);
  failed = !checks.ok || steps.every((s) => !s.passed);
} finally {
  await sql.end().catch(() => {});
  await cluster.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

function ensureArtillery(): void {
  if (fs.existsSync(ARTILLERY)) return;
  console.log('Installing Artillery into bench/mixed/tool (once; some 470 MB)…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefix', TOOL], {
    stdio: 'inherit',
    // Artillery's Playwright engine (unused here) would download a browser at install.
    env: { ...env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
}

/** The accounts: creators who sign in and answer, fans who sign in and pay, and a crowd to browse. */
async function seed(): Promise<string> {
  const started = performance.now();
  const database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl });
  const creators: Array<{ id: string; email: string }> = [];
  const fans: string[] = [];
  try {
    await generateCreators(database.db, BROWSE, 'mx');
    // Through the same factories the API tests use (createAccount: a real password hash each).
    for (let i = 0; i < CREATORS; i++) {
      const username = `mixcreator${i}`;
      const made = await createCreator(database.db, { username, messagePrice: 1500 + (i % 5) * 500 });
      // The factory's address for a username (testing/factories.ts).
      creators.push({ id: made.id, email: `${username}@example.test` });
    }
    for (let i = 0; i < FANS; i++) {
      const email = `mixfan${i}@example.test`;
      await createUser(database.db, { username: `mixfan${i}`, intendedAccountType: 'customer' }, email);
      fans.push(email);
    }
  } finally {
    await database.close();
  }
  const { rows } = await sql.query<{ username: string }>(
    'select username from profiles where is_creator order by random() limit 500',
  );
  const file = path.join(work, 'seed.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      target: cluster.haproxyUrl,
      publicUrl: cluster.publicUrl,
      certificateFile: cluster.certificateFile,
      password: TEST_PASSWORD,
      rampMs: RAMP_S * 1000,
      holdMs: HOLD_S * 1000,
      fans,
      creators,
      // The first ones take 80 % of the paid messages (processor.mjs pickRecipient).
      popularCreators: Math.min(CREATORS, POPULAR),
      profiles: rows.map((r) => r.username),
      terms: ['ma', 'lena', 'park', 'sam', 'zoe', 'kai', 'mixcreator', 'fit', 'ivy', 'omar'],
    }),
  );
  console.log(
    `seeded ${CREATORS} creators and ${FANS} fans who sign in, ${BROWSE} creators to browse, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return file;
}

interface Step {
  users: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  errorKinds: Record<string, number>;
  byName: Record<string, { count: number; p99: number }>;
  scenarios: Record<string, number>;
  streamsOpened: number;
  streamEvents: number;
  loadBefore: string;
  loadAfter: string;
  passed: boolean;
}

/** One Artillery run: `users` arrive over the ramp and stay until the step's end. */
async function runStep(users: number, seedFile: string): Promise<Step> {
  const output = path.join(work, `step-${users}.json`);
  const overrides = { config: { phases: [{ duration: RAMP_S, arrivalCount: users, name: `${users} users` }] } };
  const loadBefore = loadAverage();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ARTILLERY,
        'run',
        '--quiet',
        '--target',
        cluster.haproxyUrl,
        '--overrides',
        JSON.stringify(overrides),
        '--output',
        output,
        path.join(HERE, 'mixed/mixed.yml'),
      ],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: {
          ...env,
          MIXLOAD_SEED: seedFile,
          // Artillery's requests verify the cluster's self-signed certificate as a user handed it would.
          NODE_EXTRA_CA_CERTS: cluster.certificateFile,
          ARTILLERY_DISABLE_TELEMETRY: 'true',
          DO_NOT_TRACK: '1',
        },
      },
    );
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`artillery exited ${code}`))));
  });
  const loadAfter = loadAverage();
  if (env.MIXLOAD_KEEP) fs.copyFileSync(output, path.join(env.MIXLOAD_KEEP, path.basename(output)));
  const report = JSON.parse(fs.readFileSync(output, 'utf8')) as ArtilleryReport;
  const { counters, summaries, rates } = report.aggregate;
  const errorKinds: Record<string, number> = {};
  for (const [name, value] of Object.entries(counters)) {
    const bad =
      name.startsWith('errors.') ||
      name === 'vusers.failed' ||
      name === 'sse.failed_to_open' ||
      name === 'sse.dropped' ||
      name === 'mixload.no_payment_id';
    if (bad && value > 0) errorKinds[name] = value;
    // Answers of 400 and up, by request name (the plugin's counters; http.codes.* holds the same, unnamed).
    const code = /^plugins\.metrics-by-endpoint\.(.+)\.codes\.(\d+)$/.exec(name);
    if (code && Number(code[2]) >= 400 && value > 0) errorKinds[`${code[1]} ${code[2]}`] = value;
  }
  // vusers.failed repeats the error that failed each user; count the causes only.
  const errors = Object.entries(errorKinds)
    .filter(([name]) => name !== 'vusers.failed')
    .reduce((sum, [, value]) => sum + value, 0);
  const time = summaries['http.response_time'] ?? { p50: 0, p95: 0, p99: 0 };
  const byName: Step['byName'] = {};
  const prefix = 'plugins.metrics-by-endpoint.response_time.';
  for (const [name, summary] of Object.entries(summaries)) {
    if (name.startsWith(prefix)) byName[name.slice(prefix.length)] = { count: summary.count, p99: summary.p99 };
  }
  const scenarios: Record<string, number> = {};
  for (const [name, value] of Object.entries(counters)) {
    if (name.startsWith('vusers.created_by_name.')) scenarios[name.slice(23)] = value;
  }
  const streamEvents = Object.entries(counters)
    .filter(([name]) => name.startsWith('sse.events.'))
    .reduce((sum, [, value]) => sum + value, 0);
  return {
    users,
    requests: counters['http.requests'] ?? 0,
    rps: rates['http.request_rate'] ?? 0,
    p50: time.p50,
    p95: time.p95,
    p99: time.p99,
    errors: errors + (errors === 0 ? (counters['vusers.failed'] ?? 0) : 0),
    errorKinds,
    byName,
    scenarios,
    streamsOpened: counters['sse.opened'] ?? 0,
    streamEvents,
    loadBefore,
    loadAfter,
    passed: time.p99 <= SLO_P99_MS && errors === 0 && (counters['vusers.failed'] ?? 0) === 0,
  };
}

interface ArtilleryReport {
  aggregate: {
    counters: Record<string, number>;
    rates: Record<string, number>;
    summaries: Record<string, { count: number; p50: number; p95: number; p99: number }>;
  };
}

interface Checks {
  ok: boolean;
  unbalanced: number;
  doubleCaptures: number;
  outboxPending: number;
  outboxDead: number;
  states: Array<{ message: string; payment: string; n: number; kind: string }>;
  odd: number;
}

/**
 * After the load: the outbox drained (captures run after commit, decision 0022), then the money.
 * Each paid message is answered (responded, its payment captured), released (refunded or cancelled,
 * its payment refunded or canceled) or open (sent, its payment authorized); a checkout started but
 * never paid (message pending, payment pending) (its step ended between the two requests) is counted apart. Anything else is odd.
 */
async function afterRun(): Promise<Checks> {
  const one = async (query: string) => Number((await sql.query<{ n: number }>(query)).rows[0]?.n ?? -1);
  const deadline = Date.now() + 120_000;
  while ((await one(`select count(*)::int as n from outbox where status = 'pending'`)) > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const { rows } = await sql.query<{ message: string; payment: string; n: number }>(
    `select m.status as message, p.status as payment, count(*)::int as n
       from payments p join messages m on m.id = p.message_id group by 1, 2 order by 3 desc`,
  );
  const kindOf = (message: string, payment: string) => {
    if (message === 'responded' && payment === 'succeeded') return 'answered';
    if ((message === 'refunded' || message === 'cancelled') && (payment === 'refunded' || payment === 'canceled'))
      return 'released';
    // Paid and waiting for its answer ('sent' with the card authorized, not yet captured).
    if (message === 'sent' && payment === 'authorized') return 'open';
    if (message === 'pending' && payment === 'pending') return 'checkout not paid';
    return 'ODD';
  };
  const states = rows.map((row) => ({ ...row, kind: kindOf(row.message, row.payment) }));
  const checks = {
    unbalanced: await one(
      'select count(*)::int as n from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) t',
    ),
    doubleCaptures: await one(
      `select count(*)::int as n from (select payment_id from ledger_entries where kind = 'capture'
         group by payment_id having count(distinct transaction_id) > 1) t`,
    ),
    outboxPending: await one(`select count(*)::int as n from outbox where status = 'pending'`),
    outboxDead: await one(`select count(*)::int as n from outbox where status = 'dead'`),
    states,
    odd: states.filter((s) => s.kind === 'ODD').reduce((sum, s) => sum + s.n, 0),
  };
  return {
    ...checks,
    ok: checks.unbalanced === 0 && checks.doubleCaptures === 0 && checks.odd === 0 && checks.outboxDead === 0,
  };
}

/** The browse cache's hit ratio over the run, from each instance's /metrics, if the server counts it. */
async function browseCache(): Promise<string> {
  let hits = 0;
  let misses = 0;
  let seen = false;
  for (let i = 1; i <= INSTANCES; i++) {
    const text = await fetch(`http://127.0.0.1:${FIRST_PORT + 50 + i}/metrics`).then(
      (r) => r.text(),
      () => '',
    );
    for (const line of text.split('\n')) {
      const match = /^fanline_browse_cache_(hits|misses)_total(?:\{[^}]*\})? (\d+(?:\.\d+)?)/.exec(line);
      if (!match) continue;
      seen = true;
      if (match[1] === 'hits') hits += Number(match[2]);
      else misses += Number(match[2]);
    }
  }
  if (!seen) return 'not reported: the server has no fanline_browse_cache_* counters in this build';
  const total = hits + misses;
  return `${total > 0 ? ((100 * hits) / total).toFixed(1) : 'n/a'} % (${hits} hits, ${misses} misses over ${INSTANCES} instances)`;
}

function loadAverage(): string {
  return fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

function formatReport(steps: Step[], checks: Checks, cache: string): string {
  const passing = steps.filter((s) => s.passed);
  const best = passing.at(-1);
  const lines = [
    `Mixed load, ${new Date().toISOString().slice(0, 16)} UTC: ${INSTANCES} instances behind HAProxy (HTTPS), PostgreSQL, on this ${os.cpus().length}-core machine`,
    `with the load generator; ${RAMP_S} s ramp + ${HOLD_S} s hold per step; users 6 visitors : 3 fans : 1 creator, 80 % of paid messages to ${Math.min(CREATORS, POPULAR)} popular creators (the first online); sign-in limits raised (AUTH_IP_LIMIT, AUTH_EMAIL_LIMIT).`,
    '',
    '| users at once (visitors/fans/creators) | requests | req/s | p50 ms | p95 ms | p99 ms | errors | streams opened | live events | load avg (1/5/15) before → after | at SLO |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | :---: |',
    ...steps.map(
      (s) =>
        `| ${s.users} (${s.scenarios.visitor ?? 0}/${s.scenarios.fan ?? 0}/${s.scenarios.creator ?? 0}) | ${s.requests} | ${Math.round(s.rps)} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.errors}${
          s.errors > 0
            ? ` (${Object.entries(s.errorKinds)
                .map(([k, v]) => `${k} ${v}`)
                .join(', ')})`
            : ''
        } | ${s.streamsOpened} | ${s.streamEvents} | ${s.loadBefore} → ${s.loadAfter} | ${s.passed ? 'yes' : 'no'} |`,
    ),
    '',
    best
      ? `**Sustained: ${best.users} users at once at p99 ≤ ${SLO_P99_MS} ms with 0 errors (${(best.users / INSTANCES).toFixed(1)} users per instance).**`
      : `**No step met p99 ≤ ${SLO_P99_MS} ms with 0 errors.**`,
    '',
    `p99 by request at ${(best ?? steps[0])?.users ?? 0} users: ${Object.entries((best ?? steps[0])?.byName ?? {})
      .map(([name, r]) => `${name} ${r.p99} ms (${r.count})`)
      .join(', ')}.`,
    '',
    `After the run: ${checks.unbalanced} unbalanced ledger transactions, ${checks.doubleCaptures} payments captured twice, outbox ${checks.outboxPending} pending / ${checks.outboxDead} dead; paid messages: ${checks.states.map((s) => `${s.kind} ${s.n} (${s.message}/${s.payment})`).join(', ')}; ${checks.odd} in any other state. ${checks.ok ? 'Ledger balanced, every paid message answered, released or open.' : 'CHECK FAILED.'}`,
    '',
    `Browse cache hit ratio: ${cache}.`,
  ];
  return lines.join('\n');
}
