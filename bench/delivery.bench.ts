// Delivery latency: from a payment being confirmed to the creator's open SSE stream receiving the
// message event (issue: p95 under 100 ms). Run: node --import tsx bench/delivery.bench.ts
// (DATABASE_URL=… for PostgreSQL on a scratch database; else in-memory PGlite).

import { confirmAuthorization, connectSse, createAccount, startCheckout } from '@fanline/server/testing';
import { openBenchDatabase, startBenchServer } from './support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const database = await openBenchDatabase();
const { app, url } = await startBenchServer(database);
const tag = Date.now().toString(36);
const fan = await createAccount({
  db: database.db,
  email: `fan_${tag}@bench.test`,
  password: 'bench-pass',
  profile: { username: `fan_${tag}` },
});
const creator = await createAccount({
  db: database.db,
  email: `cr_${tag}@bench.test`,
  password: 'bench-pass',
  profile: { username: `cr_${tag}`, isCreator: true, isAvailable: true, threadsOnboardingCompleted: true },
});
const signIn = await fetch(`${url}/api/auth/sign-in`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: `cr_${tag}@bench.test`, password: 'bench-pass' }),
});
const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
const stream = await connectSse(url, cookie);

const latencies: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const { paymentId, messageId } = await startCheckout(app, {
    senderId: fan.id,
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
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
console.log(`\nDelivery latency, payment confirmed → creator's SSE stream (${ROUNDS} messages, ${database.driver})`);
console.log(`  p50 ${pct(50)} ms   p95 ${pct(95)} ms   p99 ${pct(99)} ms   max ${latencies.at(-1)?.toFixed(1)} ms`);
console.log('  target: p95 under 100 ms');
await app.close();
await database.close();
