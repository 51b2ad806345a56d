// Delivery latency: from a payment being confirmed to the creator's open SSE stream receiving the
// message event, while BENCH_CLIENTS other signed-in clients (default 1,000) hold streams open
// (issue 14 goal: p50 ≤ 5 ms, p95 ≤ 20 ms at 1,000 clients). Run: npm run delivery -w @fanline/bench
// (DATABASE_URL=… for PostgreSQL on a scratch database; else in-memory PGlite).
import { fork } from 'node:child_process';
import {
  confirmAuthorization,
  createAccount,
  createSession,
  SESSION_COOKIE,
  startCheckout,
  systemClock,
} from '@fanline/server/testing';
import { sql } from 'drizzle-orm';
import { generateCreators } from './generate-creators';
import type { FromClients, Stream, ToClients } from './sse-clients';
import { openBenchDatabase, startBenchServer } from './support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const database = await openBenchDatabase();
// Every client comes from its own address (through a trusted proxy hop), as real ones would: the
// per-address stream cap would otherwise refuse loopback's 13th stream.
const { app, url } = await startBenchServer(database, { TRUST_PROXY: '1' });
// BENCH_SENDERS fans take turns (default 1: one conversation that grows to BENCH_ROUNDS messages, the
// shape of issue 14's figures; with more, each conversation stays short, as most real ones are).
const SENDERS = Math.max(1, Number(process.env.BENCH_SENDERS ?? 1));
const tag = Date.now().toString(36);
const fans: Array<{ id: string }> = [];
for (let i = 0; i < SENDERS; i++)
  fans.push(
    await createAccount({
      db: database.db,
      email: `fan${i}_${tag}@bench.test`,
      password: 'bench-pass',
      profile: { username: `fan${i}_${tag}` },
    }),
  );
const creator = await createAccount({
  db: database.db,
  email: `cr_${tag}@bench.test`,
  password: 'bench-pass',
  profile: { username: `cr_${tag}`, isCreator: true, isAvailable: true, threadsOnboardingCompleted: true },
});
const streamOf = async (userId: string, i: number): Promise<Stream> => ({
  cookie: `${SESSION_COOKIE}=${(await createSession({ db: database.db, clock: systemClock, userId })).token}`,
  headers: { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
});

// The crowd: other users (generated without passwords; a session each), one stream per user.
await generateCreators(database.db, CLIENTS, `sse${tag}`);
const crowdIds = (
  (await database.db.execute(
    sql`select id from profiles where username like ${`%\\_sse${tag}`} order by id`,
  )) as unknown as { rows: Array<{ id: string }> }
).rows.map((r) => r.id);
const crowd: Stream[] = [];
for (const [i, id] of crowdIds.entries()) crowd.push(await streamOf(id, i + 1));

// The clients live in their own process, as browsers do (sse-clients.ts).
const clients = fork(new URL('./sse-clients.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
const arrivals = new Map<string, (at: bigint) => void>();
const connected = new Promise<number>((resolve, reject) => {
  clients.on('message', (message: FromClients) => {
    if (message.type === 'connected') {
      console.log(`${message.clients - 1} clients connected in ${message.ms} ms`);
      resolve(message.clients);
    } else if (message.type === 'arrived') arrivals.get(message.messageId)?.(BigInt(message.at));
    else reject(new Error(message.error));
  });
});
clients.send({ type: 'connect', url, creator: await streamOf(creator.id, 0), crowd } satisfies ToClients);
const connectedClients = await connected;

const latencies: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const { paymentId, messageId: id } = await startCheckout(app, {
    senderId: fans[i % SENDERS]?.id ?? '',
    recipientId: creator.id,
    content: `Benchmark message number ${i}`,
  });
  const messageId = id ?? '';
  const arrived = new Promise<bigint>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`message ${messageId} did not arrive within 5 s`)), 5000);
    arrivals.set(messageId, (at) => {
      clearTimeout(timer);
      arrivals.delete(messageId);
      resolve(at);
    });
  });
  const started = process.hrtime.bigint();
  await confirmAuthorization(app, { paymentId, captured: false });
  latencies.push(Number((await arrived) - started) / 1e6);
}
clients.send({ type: 'close' } satisfies ToClients);
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
console.log(
  `\nDelivery latency, payment confirmed → creator's SSE stream (${ROUNDS} messages from ${SENDERS} fan(s), ${connectedClients} connected clients in their own process, ${database.driver})`,
);
console.log(`  p50 ${pct(50)} ms   p95 ${pct(95)} ms   p99 ${pct(99)} ms   max ${latencies.at(-1)?.toFixed(1)} ms`);
console.log('  goal (issue 14): p50 ≤ 5 ms, p95 ≤ 20 ms at 1,000 clients');
await app.close();
await database.close();
