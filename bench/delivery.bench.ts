// Delivery latency: from a payment being confirmed to the creator's open SSE stream receiving the
// message event, while BENCH_CLIENTS other signed-in clients (default 1,000) hold streams open
// (issue 14 goal: p50 ≤ 5 ms, p95 ≤ 20 ms at 1,000 clients). Run: npm run delivery -w @fanline/bench
// (DATABASE_URL=… for PostgreSQL on a scratch database; else in-memory PGlite).
import {
  confirmAuthorization,
  connectSse,
  createAccount,
  createSession,
  SESSION_COOKIE,
  type SseClient,
  startCheckout,
  systemClock,
} from '@fanline/server/testing';
import { sql } from 'drizzle-orm';
import { generateCreators } from './generate-creators';
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
const cookieFor = async (userId: string) =>
  `${SESSION_COOKIE}=${(await createSession({ db: database.db, clock: systemClock, userId })).token}`;
const addressOf = (i: number) => ({ 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` });

// The crowd: other users (generated without passwords; a session each), one stream per user.
await generateCreators(database.db, CLIENTS, `sse${tag}`);
const crowdIds = (
  (await database.db.execute(
    sql`select id from profiles where username like ${`%\\_sse${tag}`} order by id`,
  )) as unknown as { rows: Array<{ id: string }> }
).rows.map((r) => r.id);
const crowd: SseClient[] = [];
const connectStarted = performance.now();
for (const [i, id] of crowdIds.entries()) crowd.push(await connectSse(url, await cookieFor(id), addressOf(i + 1)));
console.log(`${crowd.length} clients connected in ${Math.round(performance.now() - connectStarted)} ms`);

const stream = await connectSse(url, await cookieFor(creator.id), addressOf(0));
const latencies: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const { paymentId, messageId } = await startCheckout(app, {
    senderId: fans[i % SENDERS]?.id ?? '',
    recipientId: creator.id,
    content: `Benchmark message number ${i}`,
  });
  const started = performance.now();
  const arrived = stream.next((e) => e.type === 'message' && e.messageId === messageId, 5000);
  await confirmAuthorization(app, { paymentId, captured: false });
  await arrived;
  latencies.push(performance.now() - started);
}
stream.close();
for (const client of crowd) client.close();
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
console.log(
  `\nDelivery latency, payment confirmed → creator's SSE stream (${ROUNDS} messages from ${SENDERS} fan(s), ${crowd.length + 1} connected clients, ${database.driver})`,
);
console.log(`  p50 ${pct(50)} ms   p95 ${pct(95)} ms   p99 ${pct(99)} ms   max ${latencies.at(-1)?.toFixed(1)} ms`);
console.log('  goal (issue 14): p50 ≤ 5 ms, p95 ≤ 20 ms at 1,000 clients');
await app.close();
await database.close();
