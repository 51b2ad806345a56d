import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  connectLocalPayoutAccount,
  createCreator,
  createTestApp,
  createUser,
  signIn,
  type TestApp,
  testDatabaseUrl,
  testDriver,
} from './testing';
import { checkMoney, countingLocalProvider, type FaultPair, type ProviderCalls, runOnce } from './testing/faults';
import { ManualClock, runJobsOnce } from './testing/jobs';

// Reduced fault injection (FAULT_RUNS, 5 by default; the fuller run is `npm run faults -w
// @fanline/bench`): server processes are SIGKILLed at random moments of pay, confirm, reply, payout
// and expiry, some with a provider that fails, hangs or is slow. A fresh instance then runs the
// jobs and the money must be whole. PostgreSQL only: the children share its database.
const RUNS = Number(process.env.FAULT_RUNS ?? 5);
const HOUR = 3_600_000;

let t: TestApp;
beforeAll(async () => {
  if (testDriver() === 'postgres') t = await createTestApp({ env: { AUTH_IP_LIMIT: '100000' } });
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(testDriver() !== 'postgres')('fault injection (PostgreSQL)', () => {
  test('killed mid-flight with a failing provider, the reconciler leaves the money whole', {
    timeout: 60_000 + RUNS * 25_000,
  }, async () => {
    const db = t.database.db;
    const pairs: FaultPair[] = [];
    for (let i = 0; i < 2; i++) {
      const fan = await createUser(db);
      // A price whose creator share clears the minimum payout, so payouts race the rest too.
      const creator = await createCreator(db, { messagePrice: 20000 });
      const creatorCookie = await signIn(t.app, creator.email ?? '');
      await connectLocalPayoutAccount(t.app, creatorCookie);
      pairs.push({ fanCookie: await signIn(t.app, fan.email ?? ''), creatorCookie, creatorId: creator.id });
    }
    const databaseUrl = await testDatabaseUrl(t.database);
    const calls: ProviderCalls = new Map();
    let seed = Number(process.env.FAULT_SEED ?? Date.now() % 100_000);
    console.log(`fault injection seed ${seed} (FAULT_SEED to replay)`);
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runOnce({ databaseUrl, db, pairs, calls, random }));

    // A fresh instance, past every window and checkout timeout, lets the jobs finish.
    const fresh = await createTestApp({
      database: t.database,
      clock: new ManualClock(new Date(Date.now() + 60 * HOUR)),
      payments: countingLocalProvider(calls),
    });
    try {
      await runJobsOnce(fresh.app);
      await runJobsOnce(fresh.app);
      const money = await checkMoney(fresh.app, calls);
      const paid = runs.reduce((n, r) => n + r.paid, 0);
      const replied = runs.reduce((n, r) => n + r.replied, 0);
      console.log(
        `fault injection: ${runs.length} kills (${runs.map((r) => `${r.provider}${r.clockOffsetHours ? '+25h' : ''}@${r.killedAfterMs}ms`).join(', ')}); ` +
          `${paid} paid, ${replied} replied before the kills\n${JSON.stringify(money)}`,
      );
      expect(money.payments).toBeGreaterThan(0);
      expect(money).toMatchObject({
        doubleCaptures: 0,
        conflictingSettlements: 0,
        providerConflicts: 0,
        orphanHolds: 0,
        messagesNotFinal: 0,
        overdrawnCreators: 0,
        unbalancedTransactions: 0,
      });
    } finally {
      await fresh.app.close();
    }
  });
});
