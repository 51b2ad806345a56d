// runs-long: 260 s on PostgreSQL (1,000 random Stripe sequences)
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testDriver, unbalancedTransactions, useTestApp } from '../../testing';
import { STRIPE_SECRET_KEY, stripeEnv } from '../../testing/stripe/kit';
import {
  createStripeLifecycleWorld,
  runStripeSequence,
  type StripeLifecycleWorld,
  stripeLifecycleSequence,
} from '../../testing/stripe/lifecycle-model';
import { type StripeStandIn, startStripeStandIn } from '../../testing/stripe/stand-in';

// Issue 37, Deliver 5 (decision 0060): the lifecycle on the Stripe rails, ≥ 1,000 random sequences in
// `npm test` (STRIPE_LIFECYCLE_RUNS overrides) with chargebacks (opened, funds withdrawn, evidence, won
// or lost), refunds that fail and partial transfer reversals among the steps. The steps and the checks
// after each live in testing/stripe/lifecycle-model.ts: the local property's invariants and the ledger
// against what Stripe says of each payment. The local provider's property
// (modules/messages/lifecycle.property.int.test.ts) keeps its own steps.
const RUNS = Number(
  process.env.STRIPE_LIFECYCLE_RUNS ?? (testDriver() === 'pglite' && process.env.DATABASE_URL ? 300 : 1_000),
);

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: STRIPE_SECRET_KEY, now: () => t.clock.now().getTime() });
});
afterAll(async () => {
  await standIn?.close();
});
const t = useTestApp(() => ({ env: { ...stripeEnv(standIn.url), AUTH_IP_LIMIT: '100000' } }));
let world: StripeLifecycleWorld;
beforeAll(async () => {
  world = await createStripeLifecycleWorld({ app: t.app, database: t.database, clock: t.clock, standIn });
});

test(`over ${RUNS} random Stripe sequences with chargebacks, failed refunds and partial reversals, the money is always right`, async () => {
  const started = performance.now();
  await fc.assert(
    fc.asyncProperty(stripeLifecycleSequence, async (ops) => {
      await runStripeSequence(world, ops);
      expect(await unbalancedTransactions(t.database.db)).toBe(0);
    }),
    { numRuns: RUNS },
  );
  const seconds = (performance.now() - started) / 1000;
  console.info(
    `Stripe lifecycle property (${t.database.driver}): ${RUNS} sequences in ${seconds.toFixed(1)} s; steps that took effect: ${JSON.stringify(world.tally)}`,
  );
  // The new steps were not all refused: chargebacks opened, answered and ruled on, refunds failed,
  // transfers partly reversed, in a fair share of the runs (each kind in at least 1 run in 20).
  const enough = Math.max(1, Math.floor(RUNS / 20));
  for (const kind of ['refund', 'failRefund', 'payout', 'partialReversal', 'dispute', 'evidence', 'close'] as const) {
    expect(world.tally[kind] ?? 0, kind).toBeGreaterThanOrEqual(enough);
  }
}, 1_200_000);
