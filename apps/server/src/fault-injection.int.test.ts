// runs-long: 60 s (kills a compiled server mid-request, again and again)
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { payoutAccounts } from './db/schema';
import {
  createAdmin,
  createCreator,
  createTestApp,
  createUser,
  signIn,
  type TestApp,
  testDatabaseUrl,
  testDriver,
} from './testing';
import {
  checkMoney,
  type FaultPair,
  type FaultRun,
  type FaultWorld,
  FLOWS,
  type Flow,
  runOnce,
  settleStripeSide,
} from './testing/faults';
import { ManualClock, runJobsOnce } from './testing/jobs';
import {
  STRIPE_CONNECT_WEBHOOK_SECRET,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  stripeEnv,
} from './testing/stripe/kit';
import { type StripeStandIn, signStripeEvent, startStripeStandIn } from './testing/stripe/stand-in';

// Fault injection (FAULT_RUNS, 7 by default: each money flow once, in random order; the fuller run
// is `npm run faults -w @fanline/bench`, flows drawn at random). Every run SIGKILLs a server process
// at a random moment of one flow (pay, confirm, reply, expiry, decline, admin refund, payout), with
// the Stripe stand-in, driven through the real SDK, answering 5xx, hanging or slow, and in some runs
// the database cut for a few seconds mid-flow (the server must become ready again by itself). A fresh
// instance then receives Stripe's retried webhooks and runs the reconcilers, and the money must be
// whole on our side and on Stripe's. PostgreSQL only: the children share its database.
const RUNS = Number(process.env.FAULT_RUNS ?? FLOWS.length);
const HOUR = 3_600_000;

let t: TestApp;
let standIn: StripeStandIn;
beforeAll(async () => {
  if (testDriver() !== 'postgres') return;
  standIn = await startStripeStandIn({ secretKey: STRIPE_SECRET_KEY });
  t = await createTestApp({ env: stripeEnv(standIn.url, { AUTH_IP_LIMIT: '100000' }) });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

describe.skipIf(testDriver() !== 'postgres')('fault injection (PostgreSQL)', () => {
  test('killed mid-flow, database cut, Stripe failing: after the reconcilers the money is whole', {
    timeout: 60_000 + RUNS * 30_000,
  }, async () => {
    const db = t.database.db;
    const pairs: FaultPair[] = [];
    for (let i = 0; i < 2; i++) {
      const fan = await createUser(db);
      // A price whose creator share clears the minimum payout in one message.
      const creator = await createCreator(db, { messagePrice: 20000 });
      const creatorCookie = await signIn(t.app, creator.email ?? '');
      // Stripe Connect onboarding, finished on the stand-in and announced by account.updated.
      const link = await t.app.inject({
        method: 'POST',
        url: '/api/stripe-connect/onboarding-link',
        headers: { cookie: creatorCookie },
      });
      expect(link.statusCode).toBe(200);
      const [row] = await db
        .select({ accountId: payoutAccounts.stripeAccountId })
        .from(payoutAccounts)
        .where(eq(payoutAccounts.creatorId, creator.id));
      const { payload, headers } = signStripeEvent(
        standIn.finishOnboarding(row?.accountId ?? ''),
        STRIPE_CONNECT_WEBHOOK_SECRET,
      );
      const onboarded = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe-connect', payload, headers });
      expect(onboarded.statusCode).toBe(200);
      pairs.push({ fanCookie: await signIn(t.app, fan.email ?? ''), creatorCookie, creatorId: creator.id });
    }
    const admin = await createAdmin(db);
    let seed = Number(process.env.FAULT_SEED ?? Date.now() % 100_000);
    console.log(`fault injection seed ${seed} (FAULT_SEED to replay)`);
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const world: FaultWorld = {
      app: t.app,
      standIn,
      secretKey: STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      databaseUrl: await testDatabaseUrl(t.database),
      adminCookie: await signIn(t.app, admin.email ?? ''),
      pairs,
      undelivered: [],
      random,
    };
    // Every flow once per FLOWS.length runs, in a random order; the rest drawn at random.
    const order: Flow[] = [...FLOWS].sort(() => random() - 0.5);
    const runs: FaultRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      const flow = order[i] ?? FLOWS[Math.floor(random() * FLOWS.length)] ?? 'pay';
      runs.push(await runOnce(world, flow));
    }

    // Fresh instances, past every window and checkout timeout: Stripe's retried webhooks, then the
    // payment and payout reconcilers and expiry; a second pass later expires what a late confirmation
    // opened.
    const finish = async (hours: number) => {
      const fresh = await createTestApp({
        database: t.database,
        clock: new ManualClock(new Date(Date.now() + hours * HOUR)),
        env: stripeEnv(standIn.url),
      });
      try {
        const retried = await settleStripeSide(world, fresh.app);
        await runJobsOnce(fresh.app);
        await runJobsOnce(fresh.app);
        return retried;
      } finally {
        await fresh.app.close();
      }
    };
    const settling = Date.now();
    const retried = (await finish(60)) + (await finish(120));
    console.log(`settling after the runs: ${Date.now() - settling}ms`);
    const money = await checkMoney(t.app, standIn);
    const cut = runs.filter((r) => r.databaseCut);
    console.log(
      `fault injection: ${runs.length} kills (${runs
        .map(
          (r) =>
            `${r.flow}/${r.provider}${r.databaseCut ? '/db-cut' : ''}@${r.killedAfterMs}ms (run ${r.ms}ms: ${r.phases.join('/')})`,
        )
        .join(', ')}); ${runs.reduce((n, r) => n + r.done, 0)} flow steps answered 200 before the kills; ` +
        `${cut.length} database cuts, readiness ${cut.map((r) => `${r.readyWhileCut} while cut, 200 again after ${r.recoveredAfterMs}ms`).join('; ') || '-'}; ` +
        `${retried} webhooks retried\n${JSON.stringify(money)}`,
    );
    // Each cut really took the database away from the child, and the child came back by itself.
    for (const r of cut) expect(r.readyWhileCut).toBe(503);
    expect(money.payments).toBeGreaterThan(0);
    expect(money).toMatchObject({
      doubleCaptures: 0,
      conflictingSettlements: 0,
      providerConflicts: 0,
      orphanHolds: 0,
      messagesNotFinal: 0,
      payoutsAboveBalance: 0,
      transferConflicts: 0,
      unbalancedTransactions: 0,
      effectsNotDone: 0,
      effectsWithoutChange: 0,
    });
  });
});
