// Issue 39, point 3 (decision 0066): the two live-event buses in one run, through the product's own
// bus code (createEventBus), three "instances" each: PostgreSQL LISTEN/NOTIFY and NATS JetStream (a
// nats-server of the bench's own). For each:
//   events/s   one instance publishes BENCH_EVENTS events (BENCH_PUBLISHING at a time, each its own
//              publish as a request's commit is), the two others hear every one: end to end
//   delivery   publish → heard on another instance, p50 / p99, at BENCH_RATE events/s (500) for 4 s
//   full roll  every user with an open stream has its position; BENCH_USERS events go out (one each)
//              while the streams are closed; all three instances are replaced by new ones; each user
//              reconnects to a new instance with its Last-Event-ID: resumed (exactly its event) or resync,
//              and the replay's time p50 / p99
//   BENCH_EVENTS (20000), BENCH_PUBLISHING (8), BENCH_USERS (500), BENCH_RATE (500), BENCH_PG_URL,
//   BENCH_NATS_PORT (4610)
// Run it under `flock /work/wt/bench.lock` on a shared machine; it prints the load average with the figures.
import fs from 'node:fs';
import os from 'node:os';
import { createEventBus, type Database, type EventBus, openDatabase, startNatsServer } from '@fanline/server/testing';
import type { FastifyBaseLogger } from 'fastify';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const PUBLISHING = Number(process.env.BENCH_PUBLISHING ?? 8);
const USERS = Number(process.env.BENCH_USERS ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const PG_URL = `${(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '')}/postgres`;
const NATS_PORT = Number(process.env.BENCH_NATS_PORT ?? 4610);

async function until(done: () => boolean, failure: string, timeoutMs = 60_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !done(); ) {
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const quiet = {
  warn: (...args: unknown[]) => console.warn(...args),
  info: () => {},
  error: (...args: unknown[]) => console.error(...args),
  debug: () => {},
} as unknown as FastifyBaseLogger;
const users = Array.from({ length: USERS }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const ms = (n: number) => `${n.toFixed(2)} ms`;

interface Outcome {
  perSecond: number;
  p50: number;
  p99: number;
  resumed: number;
  resynced: number;
  replayP50: number;
  replayP99: number;
}

async function measure(kind: 'pg' | 'nats'): Promise<Outcome> {
  const nats = kind === 'nats' ? await startNatsServer({ port: NATS_PORT }) : undefined;
  const config =
    kind === 'nats' && nats
      ? { kind, url: [nats.url], stream: `fanline-bench-${process.pid}` }
      : { kind: 'pg' as const };
  const databases: Database[] = [];
  const instance = async () => {
    const database = await openDatabase({ kind: 'postgres', url: PG_URL, max: 10 });
    databases.push(database);
    const bus = createEventBus(database, () => quiet, config);
    await bus.start();
    return bus;
  };
  try {
    let buses: EventBus[] = [await instance(), await instance(), await instance()];
    const [publisher, ...hearers] = buses as [EventBus, EventBus, EventBus];

    // Events/s and delivery: every event is heard by both other instances.
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let heard = 0;
    for (const bus of hearers)
      for (const user of users)
        bus.subscribeStream(user, (event) => {
          if (event.type !== 'notification') return;
          const at = sentAt.get(event.notificationId);
          if (at !== undefined) latencies.push(performance.now() - at);
          heard += 1;
        });
    const publishOne = async (i: number, prefix = 'e') => {
      const id = `${prefix}${i}`;
      sentAt.set(id, performance.now());
      await publisher.publish([users[i % USERS] ?? ''], { type: 'notification', notificationId: id });
    };
    // Warm up (connections, prepared statements, the consumer), then measure.
    for (let i = 0; i < 200; i++) await publishOne(i, 'warm');
    await until(() => heard >= 400, `${kind}: the warm-up was not heard`);
    heard = 0;
    latencies.length = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: PUBLISHING }, async () => {
        while (next < EVENTS) await publishOne(next++);
      }),
    );
    const deadline = Date.now() + 120_000;
    while (heard < EVENTS * 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
    const seconds = (performance.now() - started) / 1000;
    if (heard < EVENTS * 2) throw new Error(`${kind}: only ${heard} of ${EVENTS * 2} deliveries arrived`);

    // Delivery time at a steady rate below both buses' ceilings (a burst measures the queue instead).
    heard = 0;
    latencies.length = 0;
    const paced = RATE * 4;
    const pacedStart = performance.now();
    for (let i = 0; i < paced; i++) {
      const due = pacedStart + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      void publishOne(i, 'paced');
    }
    await until(() => heard >= paced * 2, `${kind}: the paced events were not all heard`);
    latencies.sort((a, b) => a - b);

    // A full roll: positions taken, one event each while the streams are closed, every instance replaced.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const positions = users.map((_, i) => (buses[i % 3] as EventBus).head());
    heard = 0;
    for (const [i, user] of users.entries())
      await publisher.publish([user], { type: 'notification', notificationId: `missed-${i}` });
    await until(() => heard >= USERS * 2, `${kind}: the missed events were not heard`);
    for (const bus of buses) await bus.stop();
    buses = [await instance(), await instance(), await instance()];
    let resumed = 0;
    let resynced = 0;
    const replayTimes: number[] = [];
    for (const [i, user] of users.entries()) {
      const at = performance.now();
      const replayed = await (buses[i % 3] as EventBus).replay(positions[i] ?? '', [user]);
      replayTimes.push(performance.now() - at);
      const got = replayed?.events.map(({ event }) => (event.type === 'notification' ? event.notificationId : ''));
      if (!replayed) resynced += 1;
      else if (got?.length === 1 && got[0] === `missed-${i}`) resumed += 1;
      else throw new Error(`${kind}: ${user} replayed ${JSON.stringify(got)}`);
    }
    for (const bus of buses) await bus.stop();
    replayTimes.sort((a, b) => a - b);
    return {
      perSecond: EVENTS / seconds,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      resumed,
      resynced,
      replayP50: percentile(replayTimes, 0.5),
      replayP99: percentile(replayTimes, 0.99),
    };
  } finally {
    for (const database of databases) await database.close().catch(() => {});
    await nats?.stop();
  }
}

const loadBefore = fs.readFileSync('/proc/loadavg', 'utf8').trim();
const results = { pg: await measure('pg'), nats: await measure('nats') };
const loadAfter = fs.readFileSync('/proc/loadavg', 'utf8').trim();
console.log(
  `\nLive-event buses, 3 instances each, ${EVENTS} events (${PUBLISHING} publishing at a time), delivery at ${RATE}/s, ${USERS} users; ` +
    `${os.cpus().length} cores\nload average before: ${loadBefore}\nload average after:  ${loadAfter}\n`,
);
console.log('| Bus | events/s | delivery p50 | delivery p99 | after a full roll of 3 | replay p50 | replay p99 |');
console.log('| --- | ---: | ---: | ---: | --- | ---: | ---: |');
for (const [kind, r] of Object.entries(results)) {
  console.log(
    `| ${kind === 'pg' ? 'PostgreSQL LISTEN/NOTIFY' : 'NATS JetStream'} | ${Math.round(r.perSecond)} | ${ms(r.p50)} | ${ms(r.p99)} | ` +
      `${r.resumed} resumed, ${r.resynced} resync | ${ms(r.replayP50)} | ${ms(r.replayP99)} |`,
  );
}
