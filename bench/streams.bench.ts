// Issue 39: live streams at scale, measured. Two runs (BENCH_MODE):
//  hold  (default) one instance holds BENCH_STREAMS streams (18,000): admission rate and time, RSS and
//        CPU per stream, delivery p50/p95/p99 at BENCH_EVENTS_PER_SECOND (200) spread over them for
//        BENCH_HOLD_SECONDS (60), and the statements a second that read `sessions` meanwhile
//        (pg_stat_user_tables; the heartbeat re-checks every stream's session in one statement).
//  drain three instances; the first holds BENCH_STREAMS streams (10,000) and gets SIGTERM while the
//        others publish BENCH_EVENTS_PER_SECOND: how long until every stream is back on the others
//        (they honour the server's `retry`, with Last-Event-ID), reconnect admission p50/p99, events missed.
// The instances are processes of their own (streams-server.ts) on ports BENCH_PORT.. (4500); the
// browsers are BENCH_GENERATORS processes (4) each from its own loopback address (127.0.0.2, …;
// streams-clients.ts). PostgreSQL only: DATABASE_URL=postgres://…/<scratch database>.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hashToken, SESSION_COOKIE } from '@fanline/server/testing';
import { sql } from 'drizzle-orm';
import { generateCreators } from './generate-creators';
import type { ClientStream, FromClients, ToClients } from './streams-clients';
import type { FromServer, ToServer } from './streams-server';
import { openBenchDatabase } from './support';

const MODE = process.env.BENCH_MODE === 'drain' ? 'drain' : 'hold';
const STREAMS = Number(process.env.BENCH_STREAMS ?? (MODE === 'drain' ? 10_000 : 18_000));
const GENERATORS = Number(process.env.BENCH_GENERATORS ?? 4);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const RATE = Number(process.env.BENCH_EVENTS_PER_SECOND ?? 200);
const HOLD_SECONDS = Number(process.env.BENCH_HOLD_SECONDS ?? 60);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4500);
if (!process.env.DATABASE_URL)
  throw new Error('the streams bench runs on PostgreSQL: set DATABASE_URL to a scratch database');

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim();
const now = () => Number(process.hrtime.bigint()) / 1e6;
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(
  `streams bench, mode ${MODE}: ${STREAMS} streams, ${GENERATORS} client processes, loadavg at start ${loadavg()}`,
);

// One user a stream, each with a session, made in bulk (generateCreators: one statement per table).
const database = await openBenchDatabase();
const tag = `st${Date.now().toString(36)}`;
let t = now();
await generateCreators(database.db, STREAMS, tag);
const ids = (
  (await database.db.execute(sql`select id from users where email like ${`${tag}\\_%`} order by id`)) as unknown as {
    rows: Array<{ id: string }>;
  }
).rows.map((r) => r.id);
const tokens = ids.map(() => randomBytes(32).toString('base64url'));
for (let i = 0; i < ids.length; i += 2000) {
  const users = ids.slice(i, i + 2000);
  const hashes = tokens.slice(i, i + 2000).map(hashToken);
  await database.db.execute(sql`insert into sessions (user_id, token_hash, expires_at, last_seen_at)
    select u, h, now() + interval '30 days', now()
    from unnest(string_to_array(${users.join(',')}, ',')::uuid[], string_to_array(${hashes.join(',')}, ',')) as x(u, h)`);
}
console.log(`${ids.length} users with a session each in ${ms(now() - t)}`);

const sessionScans = async () => {
  const { rows } = (await database.db.execute(
    sql`select coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as n from pg_stat_user_tables where relname = 'sessions'`,
  )) as unknown as { rows: Array<{ n: string }> };
  return Number(rows[0]?.n ?? 0);
};

// The instances.
const servers = await Promise.all(
  Array.from({ length: MODE === 'drain' ? 3 : 1 }, (_, i) => {
    const child = fork(new URL('./streams-server.ts', import.meta.url), {
      execArgv: [
        '--import',
        'tsx',
        '--expose-gc',
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/streams-prof'] : []),
      ],
      env: { ...process.env, BENCH_PORT: String(BASE_PORT + i) },
    });
    return new Promise<{ child: typeof child; url: string }>((resolve) => {
      child.once('message', (m: FromServer) => {
        if (m.type === 'ready') resolve({ child, url: m.url });
      });
    });
  }),
);
let statsId = 0;
const stats = (child: (typeof servers)[number]['child']) =>
  new Promise<Extract<FromServer, { type: 'stats' }>>((resolve) => {
    const id = ++statsId;
    const on = (m: FromServer) => {
      if (m.type === 'stats' && m.id === id) {
        child.off('message', on);
        resolve(m);
      }
    };
    child.on('message', on);
    child.send({ type: 'stats', id } satisfies ToServer);
  });
const [holder, ...rest] = servers;
if (!holder) throw new Error('no instance');
// A live cluster has always heard an event lately: one now, so each stream's position (`id:`) names an
// event every instance heard (a stream whose instance heard nothing yet carries that instance's own
// start id, which another instance answers with `resync`).
holder.child.send({
  type: 'publish',
  events: [{ userId: ids[0] ?? '', event: { type: 'notification', notificationId: 'warm-up' } }],
} satisfies ToServer);
await new Promise((resolve) => setTimeout(resolve, 1000));
const idle = await stats(holder.child);

// The browsers.
const published = new Map<number, { at: number; stream: number }>();
const latencies: number[] = [];
const generators = Array.from({ length: GENERATORS }, () =>
  fork(new URL('./streams-clients.ts', import.meta.url), { execArgv: ['--import', 'tsx'] }),
);
const specs: ClientStream[] = ids.map((_, i) => ({
  cookie: `${SESSION_COOKIE}=${tokens[i]}`,
  xff: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
}));
const reconnects = generators.map(() => ({ count: 0, lastAt: 0, failed: 0 }));
const reconnectAdmissions: number[] = [];
const connected = generators.map(
  (child, g) =>
    new Promise<Extract<FromClients, { type: 'connected' }>>((resolve) => {
      child.on('message', (m: FromClients) => {
        if (m.type === 'connected') resolve(m);
        else if (m.type === 'arrivals')
          for (const [seq, at] of m.items) {
            const sent = published.get(seq);
            if (sent) latencies.push(at - sent.at);
          }
        else if (m.type === 'reconnected') {
          reconnects[g] = { count: m.count, lastAt: m.lastAt, failed: m.failed };
          reconnectAdmissions.push(...m.admissions);
        }
      });
    }),
);
// Stream i is generator (i % GENERATORS)'s (i / GENERATORS)th.
t = now();
generators.forEach((child, g) => {
  child.send({
    type: 'connect',
    url: holder.url,
    localAddress: `127.0.0.${2 + g}`,
    concurrency: CONCURRENCY,
    streams: specs.filter((_, i) => i % GENERATORS === g),
    others: rest.map((s) => s.url),
  } satisfies ToClients);
});
const results = await Promise.all(connected);
const opened = results.reduce((n, r) => n + r.ok, 0);
const admitSeconds = (Math.max(...results.map((r) => r.endedAt)) - Math.min(...results.map((r) => r.startedAt))) / 1000;
const admissions = results.flatMap((r) => r.admissions);
console.log(
  `admission: ${opened} streams open in ${admitSeconds.toFixed(1)} s = ${Math.round(opened / admitSeconds)} a second (${GENERATORS}×${CONCURRENCY} in flight); each p50 ${ms(pct(admissions, 50))} p99 ${ms(pct(admissions, 99))}; refused or failed ${STREAMS - opened} ${results
    .flatMap((r) => r.failed)
    .slice(0, 3)
    .join(' | ')}`,
);
await new Promise((resolve) => setTimeout(resolve, 3000));
const full = await stats(holder.child);
console.log(
  `admission CPU: the instance used ${(((full.cpuMs - idle.cpuMs) / (admitSeconds * 1000)) * 100).toFixed(0)} % of a core while admitting, ${(((full.cpuMs - idle.cpuMs) * 1000) / opened).toFixed(0)} µs a stream`,
);
console.log(
  `instance: RSS ${(idle.rss / 2 ** 20).toFixed(0)} MB idle → ${(full.rss / 2 ** 20).toFixed(0)} MB with ${opened} streams = ${((full.rss - idle.rss) / opened / 1024).toFixed(1)} KB a stream (heap ${((full.heapUsed - idle.heapUsed) / opened / 1024).toFixed(1)} KB); open files ${full.openFds}; loadavg ${loadavg()}`,
);

// Events: RATE a second, each to one stream's user at random, published by an instance that stays.
let seq = 0;
const publisher = MODE === 'drain' ? (rest[0] ?? holder) : holder;
const publishTick = () => {
  const events: Array<{ userId: string; event: { type: 'notification'; notificationId: string } }> = [];
  for (let i = 0; i < RATE / 20; i++) {
    const stream = Math.floor(Math.random() * opened);
    const n = seq++;
    published.set(n, { at: now(), stream });
    events.push({ userId: ids[stream] ?? '', event: { type: 'notification', notificationId: `e${n}` } });
  }
  const via = MODE === 'drain' ? (rest[seq % rest.length] ?? publisher) : publisher;
  via.child.send({ type: 'publish', events } satisfies ToServer);
};

if (MODE === 'hold') {
  // PostgreSQL 15 reports a backend's table statistics when it has been idle 10 s: the admissions'
  // session reads are counted before the window starts, and the window's own are in by its end.
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  const scans0 = await sessionScans();
  const scansFrom = now();
  const cpu0 = await stats(holder.child);
  const started = now();
  const ticker = setInterval(publishTick, 50);
  await new Promise((resolve) => setTimeout(resolve, HOLD_SECONDS * 1000));
  clearInterval(ticker);
  const cpu1 = await stats(holder.child);
  const wall = now() - started;
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  const scans1 = await sessionScans();
  const scanSeconds = (now() - scansFrom) / 1000;
  const cores = (cpu1.cpuMs - cpu0.cpuMs) / wall;
  console.log(
    `hold ${HOLD_SECONDS} s at ${RATE} events/s: delivery p50 ${ms(pct(latencies, 50))} p95 ${ms(pct(latencies, 95))} p99 ${ms(pct(latencies, 99))} max ${ms(pct(latencies, 100))}; ${latencies.length} of ${seq} events arrived`,
  );
  console.log(
    `instance CPU ${(cores * 100).toFixed(1)} % of a core = ${((cores * 1e6) / opened).toFixed(1)} µs a second per stream; statements reading sessions ${scans1 - scans0} in ${scanSeconds.toFixed(0)} s = ${((scans1 - scans0) / scanSeconds).toFixed(3)} a second (heartbeat 25 s: ${(scanSeconds / 25).toFixed(1)} beats); loadavg ${loadavg()}`,
  );
} else {
  const ticker = setInterval(publishTick, 50);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const restBefore = await Promise.all(rest.map((r) => stats(r.child)));
  const killedAt = now();
  const exited = new Promise<number>((resolve) => holder.child.once('exit', () => resolve(now() - killedAt)));
  holder.child.kill('SIGTERM');
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const back = reconnects.reduce((n, r) => n + r.count, 0);
    if (back >= opened || now() - killedAt > 120_000) break;
  }
  const lastAt = Math.max(...reconnects.map((r) => r.lastAt));
  const restAfter = await Promise.all(rest.map((r) => stats(r.child)));
  const window = now() - killedAt;
  console.log(
    `the other instances while taking the streams back: CPU ${restAfter.map((a, i) => `${(((a.cpuMs - (restBefore[i]?.cpuMs ?? 0)) / window) * 100).toFixed(0)} %`).join(', ')} of a core over ${(window / 1000).toFixed(1)} s, ${restAfter.map((a, i) => (((a.cpuMs - (restBefore[i]?.cpuMs ?? 0)) * 1000) / (opened / rest.length)).toFixed(0)).join(', ')} µs a stream; loadavg ${loadavg()}`,
  );
  await new Promise((resolve) => setTimeout(resolve, 3000));
  clearInterval(ticker);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const back = reconnects.reduce((n, r) => n + r.count, 0);
  // Every event published went to one stream's user: did that stream hear it, before or after the drain?
  const expected = generators.map(() => [] as Array<[number, number]>);
  for (const [n, { stream }] of published) expected[stream % GENERATORS]?.push([Math.floor(stream / GENERATORS), n]);
  const verified = await Promise.all(
    generators.map(
      (child, g) =>
        new Promise<{ missing: number; heard: number; resyncs: number }>((resolve) => {
          child.on('message', (m: FromClients) => {
            if (m.type === 'verified') resolve(m);
          });
          child.send({ type: 'verify', expected: expected[g] ?? [] } satisfies ToClients);
        }),
    ),
  );
  const missing = verified.reduce((n, v) => n + v.missing, 0);
  const resyncs = verified.reduce((n, v) => n + v.resyncs, 0);
  console.log(
    `drain: SIGTERM → instance exited in ${ms(await exited)}; ${back} of ${opened} streams back on the other two, the last ${((lastAt - killedAt) / 1000).toFixed(1)} s after SIGTERM; reconnect admission p50 ${ms(pct(reconnectAdmissions, 50))} p99 ${ms(pct(reconnectAdmissions, 99))} max ${ms(pct(reconnectAdmissions, 100))}; refused or failed attempts ${reconnects.reduce((n, r) => n + r.failed, 0)}`,
  );
  console.log(
    `events: ${seq} published at ${RATE}/s across the drain, ${missing} missed by their stream, ${resyncs} resyncs; delivery p50 ${ms(pct(latencies, 50))} p99 ${ms(pct(latencies, 99))} (first arrival, before or after the reconnect); loadavg ${loadavg()}`,
  );
}

for (const child of generators) child.send({ type: 'close' } satisfies ToClients);
for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
await Promise.all(servers.map((s) => (s.child.exitCode === null ? new Promise((r) => s.child.once('exit', r)) : null)));
await database.close();
console.log(`loadavg at the end ${loadavg()}`);
