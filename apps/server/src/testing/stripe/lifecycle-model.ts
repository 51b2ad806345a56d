// The message lifecycle on the Stripe rails as a property (issue 37, Deliver 5; decision 0060): random
// sequences of what fans, creators, admins, Stripe and the card network do — pay, answer, flag and
// refund, pay out, refunds that fail, partial reversals from Stripe's dashboard, chargebacks opened,
// funds withdrawn, evidence sent, won or lost — through HTTP, the real `stripe` SDK and the stand-in,
// with Stripe's events delivered through the webhook route, late, reversed and twice. After every step
// the lifecycle's invariants (testing/lifecycle-model.ts) hold, and the ledger agrees with what Stripe
// says happened to each payment. Used by modules/payments/stripe-lifecycle.property.int.test.ts.
//
// Kept cheap, as the local property is: one fan and one creator onboarded once, one app, one stand-in;
// between runs the tables a run writes are emptied and the clock goes back. The stand-in keeps its old
// objects (each run's ids are new), so nothing of a run is seen by the next.
import { NOT_AN_ANSWER_KIND } from '@fanline/contracts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { payments } from '../../db/schema';
import { carryOutEffects, expireMessages, reviewReport } from '../../flows';
import { reconcilePayouts, releaseDueEarnings } from '../../modules/ledger';
import { reconcilePayments } from '../../modules/payments';
import type { ManualClock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { createAdmin, TEST_PASSWORD } from '../factories';
import { signIn } from '../http';
import { checkInvariants, emptyTables, PAYOUT_IS_ITS_EARNINGS, RUN_TABLES, rowsOf } from '../lifecycle-model';
import { deliver, MESSAGE, onboardedStripeCreator } from './kit';
import type { StripeStandIn } from './stand-in';

type Obj = Record<string, unknown>;
const HOUR = 3_600_000;
/** Sessions go idle after 7 days; a run's clock never goes further than this past its start. */
const MAX_RUN_ADVANCE = 6 * 24 * HOUR;

/** How a step's events reach us: in Stripe's order or reversed, once or twice. */
const delivery = fc.record({ reversed: fc.boolean(), twice: fc.boolean() });
type Delivery = { reversed: boolean; twice: boolean };
/** Which of the run's payments a step is about (modulo how many there are). */
const target = fc.nat(1);

export type StripeLifecycleOp =
  | { kind: 'pay' }
  | { kind: 'reply'; payment: number }
  | { kind: 'refund'; payment: number }
  | { kind: 'failRefund'; payment: number; how: Delivery }
  | { kind: 'payout' }
  | { kind: 'partialReversal'; payment: number; cents: number; how: Delivery }
  | { kind: 'dispute'; payment: number; how: Delivery }
  | { kind: 'evidence'; payment: number }
  | { kind: 'close'; payment: number; won: boolean; how: Delivery }
  | { kind: 'advance'; hours: number };

/** Weighted so most runs answer a message before the card network and the dashboard get their turn. */
export const stripeLifecycleOp: fc.Arbitrary<StripeLifecycleOp> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: 'pay' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reply' as const), payment: target }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('refund' as const), payment: target }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('failRefund' as const), payment: target, how: delivery }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'payout' as const }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('partialReversal' as const),
      payment: target,
      cents: fc.integer({ min: 1, max: 11_250 }),
      how: delivery,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('dispute' as const), payment: target, how: delivery }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('evidence' as const), payment: target }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('close' as const), payment: target, won: fc.boolean(), how: delivery }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 30 }) }),
  },
);

/**
 * What Stripe and people do to one payment, as a short chain so the later steps have something to act
 * on: a refund and perhaps its failure; a chargeback and perhaps evidence and a ruling; a payout and
 * perhaps partial reversals from the dashboard. Chains interleave (a chargeback after a failed refund,
 * a reversal after a chargeback), and single steps of any kind come between them.
 */
const chain: fc.Arbitrary<StripeLifecycleOp[]> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .record({ payment: target, fail: fc.boolean(), how: delivery })
      .map(({ payment, fail, how }): StripeLifecycleOp[] => [
        { kind: 'refund', payment },
        ...(fail ? [{ kind: 'failRefund' as const, payment, how }] : []),
      ]),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({
        payment: target,
        evidence: fc.boolean(),
        ruling: fc.constantFrom('won', 'lost', null),
        how: delivery,
        late: delivery,
      })
      .map(({ payment, evidence, ruling, how, late }): StripeLifecycleOp[] => [
        { kind: 'dispute', payment, how },
        ...(evidence ? [{ kind: 'evidence' as const, payment }] : []),
        ...(ruling ? [{ kind: 'close' as const, payment, won: ruling === 'won', how: late }] : []),
      ]),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        payment: target,
        reversals: fc.array(fc.integer({ min: 1, max: 11_250 }), { maxLength: 2 }),
        how: delivery,
      })
      .map(({ payment, reversals, how }): StripeLifecycleOp[] => [
        { kind: 'payout' },
        ...reversals.map((cents) => ({ kind: 'partialReversal' as const, payment, cents, how })),
      ]),
  },
  { weight: 3, arbitrary: stripeLifecycleOp.map((op) => [op]) },
);

/** Every run starts with an answered message (so a chargeback has a charge to take), then chains, at most 6 steps. */
export const stripeLifecycleSequence = fc
  .array(chain, { minLength: 1, maxLength: 3 })
  .map((chains): StripeLifecycleOp[] => [{ kind: 'pay' }, { kind: 'reply', payment: 0 }, ...chains.flat().slice(0, 6)]);

export interface StripeLifecycleWorld {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  standIn: StripeStandIn;
  fan: { id: string; cookie: string };
  creator: { id: string; cookie: string; accountId: string };
  admin: { id: string; cookie: string };
  start: Date;
  /** How often each kind of step took effect (not refused, not a no-op), over all runs: the test asserts the new ones did. */
  tally: Partial<Record<StripeLifecycleOp['kind'], number>>;
}

/** The world on an app running against the stand-in: a fan, a $150 creator onboarded at Stripe, an admin. */
export async function createStripeLifecycleWorld(opts: {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  standIn: StripeStandIn;
}): Promise<StripeLifecycleWorld> {
  const { app, database, clock, standIn } = opts;
  // Connected funds available at once: a payout is made in the step that asks for it (decision 0052 has its own tests).
  standIn.setFundsDelay(0);
  // $150: the creator's $112.50 share is over the $100 payout minimum on its own, so one answer can be paid out.
  const people = await onboardedStripeCreator(app, database.db, standIn, 15_000);
  const admin = await createAdmin(database.db);
  return {
    app,
    database,
    clock,
    standIn,
    fan: { id: people.fan.id, cookie: people.fanCookie },
    creator: { id: people.creator.id, cookie: people.creatorCookie, accountId: people.accountId },
    admin: { id: admin.id, cookie: await signIn(app, admin.email ?? '', TEST_PASSWORD) },
    start: clock.now(),
    tally: {},
  };
}

/** What a run paid: the payment, its message, its intent at Stripe. */
interface Paid {
  paymentId: string;
  messageId: string;
  intentId: string;
}

export interface StripeLifecycleRun {
  world: StripeLifecycleWorld;
  paid: Paid[];
  advanced: number;
}

const TABLES = ['disputes', 'admin_audit_log', ...RUN_TABLES];

/** Empties what the last run wrote and puts the clock back; the accounts, sessions and the stand-in stay. */
export async function resetStripeLifecycleWorld(world: StripeLifecycleWorld): Promise<void> {
  world.clock.set(world.start);
  world.standIn.setRefundStatus('succeeded');
  await emptyTables(world.database, TABLES);
}

/** Delivers a step's events as it was drawn; each answer must be 200 (a 500 would be Stripe retrying a bug). */
async function deliverAll(world: StripeLifecycleWorld, events: Stripe.Event[], how: Delivery) {
  const ordered = how.reversed ? [...events].reverse() : events;
  for (const event of how.twice ? [...ordered, ...ordered] : ordered) {
    const response = await deliver(world.app, event);
    if (response.statusCode !== 200) throw new Error(`${event.type}: ${response.statusCode} ${response.body}`);
  }
}

const chargeOf = (world: StripeLifecycleWorld, paid: Paid) =>
  world.standIn.charges.get(String(world.standIn.intents.get(paid.intentId)?.latest_charge));
const disputeOf = (world: StripeLifecycleWorld, paid: Paid) => {
  const charge = chargeOf(world, paid);
  return [...world.standIn.disputes.values()].find((d) => d.charge === charge?.id);
};
const transfersOf = (world: StripeLifecycleWorld, paid: Paid) => {
  const charge = chargeOf(world, paid);
  return [...world.standIn.connect.transfers.values()].filter((t) => charge && t.source_transaction === charge.id);
};

/**
 * Performs one step through the server's front doors and Stripe's: HTTP for people, the stand-in for
 * Stripe. True when it took effect (a refusal or a step with nothing to act on is an outcome, false).
 */
export async function stripeStep(run: StripeLifecycleRun, op: StripeLifecycleOp): Promise<boolean> {
  const { world } = run;
  const { app, standIn } = world;
  const pick = (i: number) => run.paid[i % Math.max(run.paid.length, 1)];
  switch (op.kind) {
    case 'pay': {
      const checkout = await app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { cookie: world.fan.cookie },
        payload: { recipientId: world.creator.id, messageContent: MESSAGE },
      });
      if (checkout.statusCode !== 200) throw new Error(`checkout ${checkout.statusCode}: ${checkout.body}`);
      const sessionId = String(checkout.json().url).split('/').pop() ?? '';
      await deliverAll(world, [standIn.completeCheckout(sessionId)], { reversed: false, twice: false });
      const [payment] = await world.database.db
        .select()
        .from(payments)
        .where(eq(payments.checkoutSessionId, sessionId));
      if (!payment?.messageId || !payment.paymentIntentId) throw new Error(`session ${sessionId} not confirmed`);
      run.paid.push({ paymentId: payment.id, messageId: payment.messageId, intentId: payment.paymentIntentId });
      return true;
    }
    case 'reply': {
      // The reply captures the hold at Stripe; refused once answered or past its deadline (an outcome).
      const paid = pick(op.payment);
      if (!paid) return false;
      const replied = await app.inject({
        method: 'POST',
        url: `/api/messages/${paid.messageId}/reply`,
        headers: { cookie: world.creator.cookie },
        payload: { content: 'Thanks for asking! Here is what I would do for the spring marathon.' },
      });
      if (replied.statusCode >= 500) throw new Error(`reply ${replied.statusCode}: ${replied.body}`);
      return replied.statusCode < 300;
    }
    case 'refund': {
      // The fan flags the answer as not an answer and an admin upholds it: the refund is asked of Stripe.
      const paid = pick(op.payment);
      if (!paid) return false;
      // After a chargeback won, Stripe refuses the refund (charge_disputed): booked as a failed refund,
      // owed to the fan (decision 0068), which the invariants below check.
      const flagged = await app.inject({
        method: 'POST',
        url: `/api/messages/${paid.messageId}/not-an-answer`,
        headers: { cookie: world.fan.cookie },
        payload: { reason: 'This does not answer my question.' },
      });
      if (flagged.statusCode >= 300) return false;
      const [open] = await rowsOf<{ id: string }>(
        world.database,
        sql`select id from content_moderation where content_type = ${NOT_AN_ANSWER_KIND} and status = 'pending'
          and content_id = ${paid.messageId}`,
      );
      if (!open) return false;
      return reviewReport(app, {
        adminId: world.admin.id,
        reportId: open.id,
        review: { decision: 'approve', notes: '' },
      }).then(
        () => true,
        (error: unknown) => {
          if (!(error instanceof AppError)) throw error;
          return false;
        },
      );
    }
    case 'failRefund': {
      // The card refuses the refund days later (also after `succeeded`, decision 0050).
      const paid = pick(op.payment);
      const refund = paid
        ? [...standIn.refunds.values()].find((r) => r.payment_intent === paid.intentId && r.status !== 'failed')
        : undefined;
      if (!refund) return false;
      await deliverAll(world, standIn.failRefund(String(refund.id)), op.how);
      return true;
    }
    case 'payout': {
      // The flag window passes (earnings become payable), then the creator asks for a payout.
      const ms = Math.min(49 * HOUR, MAX_RUN_ADVANCE - run.advanced);
      if (ms < 49 * HOUR) return false;
      run.advanced += ms;
      world.clock.advance(ms);
      await releaseDueEarnings(app);
      const payout = await app.inject({
        method: 'POST',
        url: '/api/creator/payouts',
        headers: { cookie: world.creator.cookie },
      });
      if (payout.statusCode >= 500) throw new Error(`payout ${payout.statusCode}: ${payout.body}`);
      return payout.statusCode < 300;
    }
    case 'partialReversal': {
      // Someone reverses part of a transfer from Stripe's dashboard (decision 0049).
      const paid = pick(op.payment);
      const transfer = paid ? transfersOf(world, paid).find((t) => t.amount !== t.amount_reversed) : undefined;
      if (!transfer) return false;
      const left = (transfer.amount as number) - (transfer.amount_reversed as number);
      const event = standIn.reverseTransferInDashboard(String(transfer.id), Math.min(op.cents, left));
      await deliverAll(world, [event], op.how);
      return true;
    }
    case 'dispute': {
      // The fan's bank opens a chargeback: created and funds_withdrawn (amount and Stripe's fee).
      const paid = pick(op.payment);
      const charge = paid ? chargeOf(world, paid) : undefined;
      if (!charge?.captured || charge.disputed) return false;
      if ((charge.amount_captured as number) - (charge.amount_refunded as number) <= 0) return false;
      await deliverAll(world, standIn.disputeCharge(String(charge.id), { reason: 'fraudulent' }), op.how);
      return true;
    }
    case 'evidence': {
      // An admin answers it from Admin › Disputes (refused once submitted, closed or past due: an outcome).
      const paid = pick(op.payment);
      const dispute = paid ? disputeOf(world, paid) : undefined;
      if (!dispute) return false;
      const [row] = await rowsOf<{ id: string }>(
        world.database,
        sql`select id from disputes where provider_dispute_id = ${String(dispute.id)}`,
      );
      if (!row) return false;
      const sent = await app.inject({
        method: 'POST',
        url: `/api/admin/disputes/${row.id}/evidence`,
        headers: { cookie: world.admin.cookie },
        payload: { text: 'The creator answered the paid question in full; the fan read the answer.' },
      });
      if (sent.statusCode >= 500) throw new Error(`evidence ${sent.statusCode}: ${sent.body}`);
      // Stripe's echo of our update.
      if (sent.statusCode !== 200) return false;
      await deliverAll(world, [standIn.disputeUpdated(String(dispute.id))], { reversed: false, twice: true });
      return true;
    }
    case 'close': {
      // The bank rules: won reinstates the amount (not the fee), lost keeps it with the fan.
      const paid = pick(op.payment);
      const dispute = paid ? disputeOf(world, paid) : undefined;
      if (!dispute || dispute.status === 'won' || dispute.status === 'lost') return false;
      await deliverAll(world, standIn.closeDispute(String(dispute.id), op.won ? 'won' : 'lost'), op.how);
      return true;
    }
    case 'advance': {
      const ms = Math.min(op.hours * HOUR, MAX_RUN_ADVANCE - run.advanced);
      run.advanced += ms;
      world.clock.advance(ms);
      return ms > 0;
    }
  }
}

interface Booked {
  payment_id: string;
  card: number;
  dispute_fee: number;
  reversed: number;
  disputes: number;
  owed: number;
  covered: boolean;
}

/**
 * The ledger against Stripe, per payment of the run: what the fan is out of pocket (the card account),
 * Stripe's dispute fee, and what went to and came back from the creator's connected account, as Stripe
 * has them now; and a chargeback that took the creator's earning leaves `disputes` at zero.
 */
async function checkAgainstStripe(run: StripeLifecycleRun): Promise<void> {
  const { world } = run;
  if (run.paid.length === 0) return;
  const ids = run.paid.map((p) => p.paymentId);
  const rows = await rowsOf<Booked>(
    world.database,
    sql`select p.id as payment_id,
        coalesce(sum(l.amount) filter (where l.account = 'external:card'), 0)::int as card,
        coalesce(sum(l.amount) filter (where l.kind = 'dispute_fee' and l.account = 'processing_fees'), 0)::int as dispute_fee,
        coalesce(sum(l.amount) filter (where l.kind = 'transfer_reversal' and l.account like 'creator_connected:%'), 0)::int as reversed,
        coalesce(sum(l.amount) filter (where l.account = 'disputes'), 0)::int as disputes,
        coalesce(sum(l.amount) filter (where l.account = 'refunds_owed'), 0)::int as owed,
        coalesce(bool_or(d.earning_action in ('held', 'clawed_back')), false) as covered
      from payments p left join ledger_entries l on l.payment_id = p.id
      left join disputes d on d.payment_id = p.id
      where p.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      group by p.id`,
  );
  const broken: string[] = [];
  for (const paid of run.paid) {
    const booked = rows.find((r) => r.payment_id === paid.paymentId);
    const intent = world.standIn.intents.get(paid.intentId) as Obj;
    const charge = chargeOf(world, paid);
    const dispute = disputeOf(world, paid) as unknown as Stripe.Dispute | undefined;
    const moves = dispute?.balance_transactions ?? [];
    const refunded = [...world.standIn.refunds.values()]
      .filter((r) => r.payment_intent === paid.intentId && r.status !== 'failed' && r.status !== 'canceled')
      .reduce((sum, r) => sum + (r.amount as number), 0);
    const outOfPocket =
      intent.status === 'requires_capture'
        ? (intent.amount as number)
        : intent.status === 'succeeded'
          ? (charge?.amount_captured as number) - refunded + moves.reduce((sum, t) => sum + t.amount, 0)
          : 0;
    const transfers = transfersOf(world, paid);
    const want = {
      card: -outOfPocket,
      dispute_fee: moves.reduce((sum, t) => sum + t.fee, 0),
      reversed: -transfers.reduce((sum, t) => sum + (t.amount_reversed as number), 0),
    };
    const got = {
      card: booked?.card ?? 0,
      dispute_fee: booked?.dispute_fee ?? 0,
      reversed: booked?.reversed ?? 0,
    };
    if (JSON.stringify(want) !== JSON.stringify(got)) {
      broken.push(
        `payment ${paid.paymentId} (intent ${intent.status}): Stripe ${JSON.stringify(want)}, ledger ${JSON.stringify(got)}`,
      );
    }
    if (booked?.covered && booked.disputes !== 0) {
      broken.push(`payment ${paid.paymentId}: a covered chargeback leaves disputes at ${booked.disputes}`);
    }
    // Never paid twice (decision 0068): what the ledger says is still owed to the fan (a failed or refused
    // refund) is at most what neither a refund nor the fan's bank has given back of the captured charge.
    if (intent.status === 'succeeded') {
      const bankGave = -moves.reduce((sum, t) => sum + t.amount, 0);
      const notGivenBack = Math.max(0, (charge?.amount_captured as number) - refunded - bankGave);
      if ((booked?.owed ?? 0) > notGivenBack) {
        broken.push(
          `payment ${paid.paymentId}: ${booked?.owed} owed to the fan, who has all but ${notGivenBack} back already`,
        );
      }
    }
  }
  // Transfers are booked per payout (not per payment): what the run's charges funded, in total.
  const [connected] = await rowsOf<{ transferred: number }>(
    world.database,
    sql`select coalesce(sum(amount), 0)::int as transferred from ledger_entries
      where kind = 'transfer' and account like 'creator_connected:%'`,
  );
  const transferred = run.paid
    .flatMap((paid) => transfersOf(world, paid))
    .reduce((sum, t) => sum + (t.amount as number), 0);
  if ((connected?.transferred ?? 0) !== transferred) {
    broken.push(`transfers: Stripe ${transferred}, ledger ${connected?.transferred ?? 0}`);
  }
  if (broken.length > 0) throw new Error(`the ledger disagrees with Stripe: ${broken.join('; ')}`);
}

const EXCEPT = [PAYOUT_IS_ITS_EARNINGS];

/** The lifecycle's invariants (but one, see PAYOUT_IS_ITS_EARNINGS) and the ledger against Stripe. */
export async function checkStripeInvariants(run: StripeLifecycleRun, opts: { final: boolean }): Promise<void> {
  await checkInvariants(run.world, { final: opts.final, except: EXCEPT });
  await checkAgainstStripe(run);
}

/** Let everything finish: every window closes, the jobs run, unanswered holds are released at Stripe. */
async function settle(run: StripeLifecycleRun): Promise<void> {
  const { app, clock } = run.world;
  clock.advance(25 * HOUR);
  await expireMessages(app);
  await reconcilePayments(app);
  await carryOutEffects(app);
  clock.advance(2 * 60_000);
  await reconcilePayouts(app);
  await carryOutEffects(app);
}

/** One whole run: reset, the steps with the invariants after each, settle, the final invariants. */
export async function runStripeSequence(
  world: StripeLifecycleWorld,
  ops: readonly StripeLifecycleOp[],
): Promise<StripeLifecycleRun> {
  await resetStripeLifecycleWorld(world);
  const run: StripeLifecycleRun = { world, paid: [], advanced: 0 };
  for (const op of ops) {
    if (await stripeStep(run, op)) world.tally[op.kind] = (world.tally[op.kind] ?? 0) + 1;
    if (op.kind !== 'advance') await checkStripeInvariants(run, { final: false });
  }
  await settle(run);
  await checkStripeInvariants(run, { final: true });
  return run;
}
