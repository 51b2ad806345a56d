// The message lifecycle as a property (issue #13 acceptance): random sequences of what fans, creators,
// the provider, the jobs and the operators do, over one small world built once per database, with the
// money invariants checked after every step. Used by modules/messages/lifecycle.property.int.test.ts
// (≥ 1,000 sequences in `npm test`) and bench/lifecycle.bench.ts (≥ 10,000, with the rate).
//
// Why a fixed world: signing in costs a password hash and building an app costs route registration,
// so a run that made its own accounts would cost more than its sequence. The world (2 fans, 2
// creators with payout accounts, their sessions, 2 app instances on the same database) is made once;
// between runs the rows a run can write are emptied with one TRUNCATE (the ledger is append-only for
// row changes, and truncating is not a row change) and the clock goes back to where the sessions are
// fresh. The use cases open their own transactions, so a rolled-back transaction per run is not an
// option on PostgreSQL; on PGlite the same reset measured faster than reopening a snapshot.
import { NOT_AN_ANSWER_KIND } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import {
  answerConversation,
  carryOutEffects,
  confirmAuthorization,
  expireMessages,
  reviewReport,
  startCheckout,
} from '../flows';
import { reconcilePayouts } from '../modules/ledger';
import { remindCreators } from '../modules/messages';
import { createLocalProvider, type PaymentProvider, reconcilePayments } from '../modules/payments';
import type { ManualClock } from '../platform/clock';
import type { Config } from '../platform/config';
import type { Database } from '../platform/db';
import { AppError } from '../platform/errors';
import { connectLocalPayoutAccount } from './earnings';
import { createAdmin, createCreator, createUser, TEST_PASSWORD } from './factories';
import { signIn } from './http';
import { EFFECTS_WITHOUT_CHANGE, SAMPLE_MESSAGE } from './messaging';
import { sendOriginLikeABrowser } from './test-app';

const HOUR = 3_600_000;
/** Sessions go idle after 7 days; a run's clock never goes further than this past its start. */
const MAX_RUN_ADVANCE = 6 * 24 * HOUR;

/**
 * What can happen, one step at a time. `fan` and `creator` pick from the world's two of each; a `pay`
 * into a conversation that already has messages is the fan's follow-up (another paid message, spec §4).
 *
 * The "not an answer" flag (issue #13 §4): `flag` is the fan flagging the newest reply to them (refused
 * after 48 h or twice), `rule` an admin approving (refund) or rejecting (pay) the oldest open flag;
 * the invariant "a flagged earning is never paid out before the ruling" sits with the payout checks.
 */
export type LifecycleOp =
  | { kind: 'pay'; fan: number; creator: number }
  | { kind: 'payTwice'; fan: number; creator: number }
  | { kind: 'reply' | 'followup' | 'decline'; fan: number; creator: number }
  | { kind: 'block'; fan: number; creator: number }
  | { kind: 'advance'; hours: number }
  | { kind: 'expire' }
  | { kind: 'remind' }
  | { kind: 'reconcile' }
  | { kind: 'payout'; creator: number }
  | { kind: 'duplicateWebhook'; payment: number }
  | { kind: 'outage'; down: boolean }
  | { kind: 'restart' }
  | { kind: 'flag'; fan: number; creator: number }
  | { kind: 'rule'; approve: boolean };

const fan = fc.nat(1);
const creator = fc.nat(1);

/** Weighted so most sequences pay, answer and move time; the rarer steps still come up every few runs. */
export const lifecycleOp: fc.Arbitrary<LifecycleOp> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('pay' as const), fan, creator }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('payTwice' as const), fan, creator }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constantFrom('reply' as const, 'followup' as const), fan, creator }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('decline' as const), fan, creator }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('block' as const), fan, creator }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 30 }) }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'expire' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'remind' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reconcile' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('payout' as const), creator }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicateWebhook' as const), payment: fc.nat(10) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('outage' as const), down: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
  // Issue #13 §4 "not an answer": the fan flags the newest reply to them; an admin rules on the oldest open flag.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('flag' as const), fan, creator }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rule' as const), approve: fc.boolean() }) },
);

export const lifecycleSequence = fc.array(lifecycleOp, { minLength: 2, maxLength: 9 });

/** The local provider with an outage switch: calls fail as if the process crashed around them. */
export function switchableProvider() {
  const local = createLocalProvider(120);
  const state = { down: false };
  const guard = <T>(fn: () => Promise<T>) => (state.down ? Promise.reject(new Error('provider down')) : fn());
  const provider: PaymentProvider = {
    ...local,
    capture: (p) => guard(() => local.capture(p)),
    release: (p) => guard(() => local.release(p)),
    refund: (p) => guard(() => local.refund(p)),
    payouts: {
      ...local.payouts,
      transferEarning: (earning, account) => guard(() => local.payouts.transferEarning(earning, account)),
      startPayout: (payout, account) => guard(() => local.payouts.startPayout(payout, account)),
    },
  };
  return { provider, state };
}

export interface LifecycleWorld {
  database: Database;
  clock: ManualClock;
  /** Two instances on one database: `restart` moves to the other one, as a rolling restart does. */
  apps: [FastifyInstance, FastifyInstance];
  fans: Array<{ id: string; cookie: string }>;
  creators: Array<{ id: string; cookie: string }>;
  /** The admin who rules on flags. */
  adminId: string;
  outage: { down: boolean };
  start: Date;
  close(): Promise<void>;
}

/**
 * The tables a run writes, children first. They are emptied with DELETE under
 * session_replication_role = replica (triggers off: the ledger's append-only guard and the foreign
 * keys), which measured several times faster than TRUNCATE on both drivers for a run's few rows.
 */
export const RUN_TABLES = [
  'outbox',
  'ledger_entries',
  'earnings',
  'payouts',
  'message_attachments',
  'message_reminders',
  'content_moderation',
  'notifications',
  'payments',
  'conversation_summaries',
  'messages',
  'creator_blocks',
  'webhook_events',
  'idempotency_keys',
  'rate_limit_buckets',
  'system_alerts_sent',
];

/**
 * Builds the world on a migrated database: the accounts, their sessions, payout accounts, two app
 * instances. One creator's price is over the payout minimum on its own, the other's is not, so
 * payouts are both refused and paid.
 */
export async function createLifecycleWorld(opts: {
  database: Database;
  config: Config;
  clock: ManualClock;
}): Promise<LifecycleWorld> {
  const { database, config, clock } = opts;
  const switchable = switchableProvider();
  const build = async () => {
    const app = (await buildApp({
      config,
      database,
      clock,
      payments: switchable.provider,
      logger: false,
    })) as FastifyInstance;
    sendOriginLikeABrowser(app, config.publicUrl);
    return app;
  };
  const apps: [FastifyInstance, FastifyInstance] = [await build(), await build()];
  const app = apps[0];
  const db = database.db;
  const fans = [];
  for (let i = 0; i < 2; i++) {
    const user = await createUser(db);
    fans.push({ id: user.id, cookie: await signIn(app, user.email ?? '', TEST_PASSWORD) });
  }
  const creators = [];
  for (const messagePrice of [15_000, 2_500]) {
    const user = await createCreator(db, { messagePrice });
    const cookie = await signIn(app, user.email ?? '', TEST_PASSWORD);
    await connectLocalPayoutAccount(app, cookie);
    creators.push({ id: user.id, cookie });
  }
  const admin = await createAdmin(db);
  const start = clock.now();
  return {
    database,
    clock,
    apps,
    fans,
    creators,
    adminId: admin.id,
    outage: switchable.state,
    start,
    async close() {
      for (const a of apps) await a.close();
    },
  };
}

/**
 * Empties `tables` (names from RUN_TABLES and the like, never input) with triggers off, in one
 * statement: a DELETE each, as data-modifying parts of one WITH, which both drivers run in one round
 * trip. One DELETE statement per table was 22 of the Stripe property's 184 queries a sequence.
 */
export async function emptyTables(database: Database, tables: readonly string[]): Promise<void> {
  const deletes = tables.map((table, i) => `d${i} as (delete from ${table})`).join(', ');
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql.raw(`with ${deletes} select 1`));
  });
}

/** Empties what the last run wrote and puts the clock back; the accounts and sessions stay. */
export async function resetLifecycleWorld(world: LifecycleWorld): Promise<void> {
  world.outage.down = false;
  world.clock.set(world.start);
  await emptyTables(world.database, RUN_TABLES);
}

interface Sent {
  messageId?: string;
  paymentId: string;
  fan: number;
  creator: number;
}

/** One run's state: the instance in use and what it paid. */
export interface LifecycleRun {
  world: LifecycleWorld;
  app: FastifyInstance;
  sent: Sent[];
  advanced: number;
}

export function startRun(world: LifecycleWorld): LifecycleRun {
  return { world, app: world.apps[0], sent: [], advanced: 0 };
}

/**
 * The fan starts a checkout through the payments front door (what POST /api/checkout calls). A block
 * (or the creator's limits) refuses it: an outcome, not a failure.
 */
async function checkout(run: LifecycleRun, fanIndex: number, creatorIndex: number) {
  try {
    return await startCheckout(run.app, {
      senderId: run.world.fans[fanIndex]?.id ?? '',
      recipientId: run.world.creators[creatorIndex]?.id ?? '',
      content: SAMPLE_MESSAGE,
    });
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** Performs one step through the server's front doors (HTTP for what people do, the jobs as the scheduler runs them). */
export async function step(run: LifecycleRun, op: LifecycleOp): Promise<void> {
  const { world } = run;
  const creatorOf = (i: number) => world.creators[i] ?? { id: '', cookie: '' };
  const newestTo = (f: number, c: number) => [...run.sent].reverse().find((m) => m.fan === f && m.creator === c);
  switch (op.kind) {
    case 'pay': {
      // The local checkout's card form confirms exactly so once the test card passes (pay-local-checkout.ts).
      const started = await checkout(run, op.fan, op.creator);
      if (!started) break;
      const { paymentId, messageId } = started;
      await confirmAuthorization(run.app, { paymentId, providerPaymentId: `local_${paymentId}`, captured: false });
      run.sent.push({ paymentId, messageId: messageId ?? undefined, fan: op.fan, creator: op.creator });
      break;
    }
    case 'payTwice': {
      // The provider's confirmation arrives twice at once with the same payment id (a webhook retried
      // while the first delivery is still being handled): one message goes live, one hold is booked.
      const started = await checkout(run, op.fan, op.creator);
      if (!started) break;
      const { paymentId, messageId } = started;
      const providerPaymentId = `pi_dup_${paymentId.slice(0, 8)}`;
      await Promise.all([
        confirmAuthorization(run.app, { paymentId, providerPaymentId, captured: false }),
        confirmAuthorization(run.app, { paymentId, providerPaymentId, captured: false }),
      ]);
      run.sent.push({ paymentId, messageId: messageId ?? undefined, fan: op.fan, creator: op.creator });
      break;
    }
    case 'reply':
    case 'followup': {
      // What the reply box's two routes call; "nothing to answer" and "expired" are refusals, not failures.
      const target = newestTo(op.fan, op.creator);
      if (!target?.messageId) break;
      await answerConversation(run.app, {
        creatorId: creatorOf(op.creator).id,
        messageId: target.messageId,
        content: 'A property-tested answer.',
        kind: op.kind === 'reply' ? 'response' : 'followup',
      }).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
      break;
    }
    case 'decline': {
      const target = newestTo(op.fan, op.creator);
      if (!target?.messageId) break;
      await run.app.inject({
        method: 'POST',
        url: `/api/messages/${target.messageId}/decline`,
        headers: { cookie: creatorOf(op.creator).cookie },
        payload: { reason: 'outside_expertise' },
      });
      break;
    }
    case 'block':
      await run.app.inject({
        method: 'PUT',
        url: `/api/creator/blocks/${world.fans[op.fan]?.id ?? ''}`,
        headers: { cookie: creatorOf(op.creator).cookie },
      });
      break;
    case 'advance': {
      const ms = Math.min(op.hours * HOUR, MAX_RUN_ADVANCE - run.advanced);
      run.advanced += ms;
      world.clock.advance(ms);
      break;
    }
    case 'expire':
      await expireMessages(run.app);
      break;
    case 'remind':
      await remindCreators(run.app);
      break;
    case 'reconcile':
      await reconcilePayments(run.app).catch(() => undefined);
      await reconcilePayouts(run.app).catch(() => undefined);
      await carryOutEffects(run.app).catch(() => undefined);
      break;
    case 'payout':
      // Refused under the minimum or with nothing payable; paid (or left pending in an outage) otherwise.
      await run.app.inject({
        method: 'POST',
        url: '/api/creator/payouts',
        headers: { cookie: creatorOf(op.creator).cookie },
      });
      break;
    case 'duplicateWebhook': {
      const target = run.sent[op.payment % Math.max(run.sent.length, 1)];
      if (target) await confirmAuthorization(run.app, { paymentId: target.paymentId, captured: false });
      break;
    }
    case 'outage':
      world.outage.down = op.down;
      break;
    case 'restart':
      // The other instance takes over (its caches are its own) and runs what a starting server runs.
      run.app = run.app === world.apps[0] ? world.apps[1] : world.apps[0];
      await reconcilePayments(run.app).catch(() => undefined);
      await reconcilePayouts(run.app).catch(() => undefined);
      await carryOutEffects(run.app).catch(() => undefined);
      break;
    case 'flag': {
      // Refused when there is no reply, after 48 h or a second time: outcomes, not failures.
      const target = newestTo(op.fan, op.creator);
      if (!target?.messageId) break;
      await run.app.inject({
        method: 'POST',
        url: `/api/messages/${target.messageId}/not-an-answer`,
        headers: { cookie: world.fans[op.fan]?.cookie ?? '' },
        payload: { reason: 'This does not answer my question.' },
      });
      break;
    }
    case 'rule': {
      // What the admin's Review dialog calls (admin/routes.ts), on the oldest open flag.
      const [open] = await rowsOf<{ id: string }>(
        world.database,
        sql`select id from content_moderation where content_type = ${NOT_AN_ANSWER_KIND} and status = 'pending'
          order by created_at limit 1`,
      );
      if (!open) break;
      await reviewReport(run.app, {
        adminId: world.adminId,
        reportId: open.id,
        review: { decision: op.approve ? 'approve' : 'reject', notes: '' },
      }).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
      break;
    }
  }
}

/** Let everything finish: the provider recovers, every window closes, the jobs run (the payment reconciler twice, as the original test did). */
export async function settle(run: LifecycleRun): Promise<void> {
  run.world.outage.down = false;
  run.world.clock.advance(25 * HOUR);
  await expireMessages(run.app);
  await reconcilePayments(run.app);
  await carryOutEffects(run.app);
  await reconcilePayments(run.app);
  await carryOutEffects(run.app);
  run.world.clock.advance(2 * 60_000);
  await reconcilePayouts(run.app);
}

export async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * A payout's amount is the sum of its earnings. Left out by the Stripe property: a chargeback won after
 * its claw-back takes the earning out of its paid payout to pay it again (decision 0054).
 */
export const PAYOUT_IS_ITS_EARNINGS = 'a live payout is exactly the sum of its earnings';

/**
 * The invariants, as one query each returning the rows that break them (none is the pass). `final`
 * adds what holds only once everything settled (no hold left open, every paid message final).
 */
const INVARIANTS: Array<{
  name: string;
  final?: boolean;
  query: ReturnType<typeof sql> | ((now: string) => ReturnType<typeof sql>);
}> = [
  {
    // Decision 0022: an effect is written in its change's transaction, so none exists for a change that
    // rolled back; and once everything settled each has run (done once: its key is unique).
    name: 'the outbox holds effects of committed changes only',
    query: EFFECTS_WITHOUT_CHANGE,
  },
  {
    name: 'every effect in the outbox has run, none is dead',
    final: true,
    query: sql`select key, status, attempts from outbox where status <> 'done'`,
  },
  {
    name: 'every message is in exactly one state of the lifecycle',
    query: sql`select id, status from messages
      where status not in ('pending', 'sent', 'responded', 'refunded', 'cancelled')
         or (amount > 0 and not is_followup and status = 'sent' and expires_at is null)
         or (status = 'responded' and responded_at is null)`,
  },
  {
    name: 'every paid message ends responded, refunded or cancelled, its payment settled',
    final: true,
    query: sql`select m.id, m.status, p.status as payment from messages m left join payments p on p.message_id = m.id
      where m.amount > 0 and not m.is_followup
        and (m.status not in ('responded', 'refunded', 'cancelled')
          or p.status not in ('succeeded', 'canceled', 'refunded', 'failed'))`,
  },
  {
    name: 'nothing is captured after its deadline, and only an answered message earns',
    query: sql`select e.message_id, m.status from earnings e join messages m on m.id = e.message_id
      where m.status <> 'responded' or m.responded_at >= m.expires_at`,
  },
  {
    name: 'a released or refunded message keeps no captured money',
    query: sql`select m.id, p.status from messages m join payments p on p.message_id = m.id
      where m.status in ('refunded', 'cancelled')
        and (p.status = 'succeeded' or exists (select 1 from earnings e where e.message_id = m.id))`,
  },
  {
    name: 'no double capture: one authorization and at most one capture, release or refund per payment',
    query: sql`select payment_id, kind, count(distinct transaction_id) as n from ledger_entries
      where payment_id is not null group by payment_id, kind
      having (kind in ('authorize', 'capture', 'release', 'refund') and count(distinct transaction_id) > 1)
      union all
      select l.payment_id, 'settled twice', count(distinct l.transaction_id) from ledger_entries l
      join payments p on p.id = l.payment_id
      where l.kind in ('capture', 'release', 'refund') group by l.payment_id, p.message_id
      having count(distinct l.transaction_id) > 1
        -- An upheld "not an answer" flag refunds a captured payment: capture then refund, once each.
        and not (count(distinct l.transaction_id) = 2 and bool_or(l.kind = 'capture') and bool_or(l.kind = 'refund')
          and exists (select 1 from content_moderation f where f.content_type = ${NOT_AN_ANSWER_KIND}
            and f.content_id = p.message_id and f.status = 'approved'))
      union all
      select message_id, 'earned twice', count(*) from earnings group by message_id having count(*) > 1`,
  },
  {
    name: 'every ledger transaction balances and the ledger sums to zero',
    query: sql`select transaction_id::text, sum(amount) from ledger_entries group by transaction_id having sum(amount) <> 0
      union all select 'total', sum(amount) from ledger_entries having sum(amount) <> 0`,
  },
  {
    // Decision 0016: an earning sits in creator_held for its 48-hour flag window (and while flagged),
    // then in creator_payable; together they are exactly the unpaid earnings, and neither goes negative.
    name: "payouts never exceed the creator's payable balance; payable and held are exactly the unpaid earnings",
    query: sql`with payable as (
        select split_part(account, ':', 2) as creator_id, sum(amount) as balance from ledger_entries
        where account like 'creator_payable:%' or account like 'creator_held:%' group by split_part(account, ':', 2)),
      negative as (
        select account, sum(amount) from ledger_entries
        where account like 'creator_payable:%' or account like 'creator_held:%' group by account having sum(amount) < 0),
      unpaid as (
        select creator_id::text, sum(amount) as amount from earnings
        where payout_id is null and status in ('pending', 'earned') group by creator_id)
      select coalesce(p.creator_id, u.creator_id) as creator, p.balance, u.amount from payable p
      full join unpaid u on u.creator_id = p.creator_id
      where coalesce(p.balance, 0) < 0 or coalesce(p.balance, 0) <> coalesce(u.amount, 0)
      union all
      select account, 0, 0 from negative`,
  },
  {
    name: PAYOUT_IS_ITS_EARNINGS,
    query: sql`select po.creator_id::text, po.amount, sum(e.amount) from payouts po left join earnings e on e.payout_id = po.id
      where po.status in ('pending', 'in_transit', 'paid') group by po.id having po.amount <> coalesce(sum(e.amount), 0)`,
  },
  {
    name: 'a flagged earning is never paid out before the ruling, and an upheld flag is never paid out',
    query: sql`select e.message_id, f.status from earnings e join content_moderation f
      on f.content_type = ${NOT_AN_ANSWER_KIND} and f.content_id = e.message_id
      where e.payout_id is not null and f.status in ('pending', 'approved')`,
  },
  {
    // Open = unanswered inside its window (messages/queries.ts#isOpen), by the app's clock. One past its
    // deadline is not open; the expiry job refunds it (the final check sees every paid message settled).
    name: 'a blocked fan has no open message to that creator',
    query: (now) => sql`select m.id from creator_blocks b join messages m
      on m.sender_id = b.fan_id and m.recipient_id = b.creator_id
      where m.amount > 0 and not m.is_followup and m.status = 'sent' and m.expires_at > ${now}::timestamptz`,
  },
  {
    // Decision 0019: the list pages over conversation_summaries, which the messages triggers keep. Each
    // row must equal its recomputation from messages, and every participant of a message has its row.
    name: 'every conversation summary equals its recomputation from the messages, and so does its JSON',
    // Recomputed another way than the trigger (a lateral newest message, deadline arrays by subquery),
    // so a shared mistake is less likely to pass unseen.
    query: sql`with parties as (
        select distinct m.conversation_id, p.user_id
        from messages m
        cross join lateral (values (m.sender_id), (m.recipient_id)) as p(user_id)),
      expected as (
        select c.conversation_id, c.user_id,
          coalesce(
            (select min(case when m.sender_id = c.user_id then m.recipient_id else m.sender_id end::text) from messages m
              where m.conversation_id = c.conversation_id and (m.sender_id = c.user_id or m.recipient_id = c.user_id)
                and m.status in ('sent', 'responded', 'refunded')),
            (select min(case when m.sender_id = c.user_id then m.recipient_id else m.sender_id end::text) from messages m
              where m.conversation_id = c.conversation_id and (m.sender_id = c.user_id or m.recipient_id = c.user_id))
          )::uuid as other_id,
          (select count(*) from messages m where m.conversation_id = c.conversation_id
            and (m.sender_id = c.user_id or m.recipient_id = c.user_id)
            and m.status in ('sent', 'responded', 'refunded'))::int as message_count,
          last.activity as last_activity, last.id as last_message_id,
          case when last.reply_shown then last.response_content else last.content end as last_content,
          case when last.id is null then null
            when last.reply_shown then last.recipient_id = c.user_id else last.sender_id = c.user_id end as last_from_me,
          array(select m.expires_at from messages m where m.conversation_id = c.conversation_id
            and m.recipient_id = c.user_id and m.status = 'sent' and not m.is_followup and m.amount > 0
            and m.expires_at is not null order by m.expires_at) as pending_deadlines,
          array(select m.expires_at from messages m where m.conversation_id = c.conversation_id
            and m.sender_id = c.user_id and m.status = 'sent' and not m.is_followup and m.amount > 0
            and m.expires_at is not null order by m.expires_at) as waiting_deadlines
        from parties c
        left join lateral (
          select m.id, m.content, m.response_content, m.sender_id, m.recipient_id,
            greatest(m.created_at, coalesce(m.responded_at, m.created_at)) as activity,
            (m.response_content is not null and m.responded_at >= m.created_at) as reply_shown
          from messages m
          where m.conversation_id = c.conversation_id and (m.sender_id = c.user_id or m.recipient_id = c.user_id)
            and m.status in ('sent', 'responded', 'refunded')
          order by activity desc, m.id desc
          limit 1
        ) last on true)
      select coalesce(e.conversation_id, s.conversation_id) as conversation_id, coalesce(e.user_id, s.user_id) as user_id,
        e.message_count as expected_count, s.message_count as stored_count,
        e.last_activity as expected_activity, s.last_activity as stored_activity,
        e.pending_deadlines as expected_pending, s.pending_deadlines as stored_pending
      from expected e full join conversation_summaries s on s.conversation_id = e.conversation_id and s.user_id = e.user_id
      where e.conversation_id is null or s.conversation_id is null
        or (e.other_id, e.message_count, e.last_activity, e.last_message_id, e.last_content, e.last_from_me,
            e.pending_deadlines, e.waiting_deadlines)
          is distinct from (s.other_id, s.message_count, s.last_activity, s.last_message_id, s.last_content,
            s.last_from_me, s.pending_deadlines, s.waiting_deadlines)
        -- The stored JSON (migration 0023) says what the row's columns say, compared as jsonb.
        or ('{' || s.summary_json || '}')::jsonb is distinct from jsonb_build_object(
          'lastMessageContent', s.last_content, 'lastMessageFromMe', s.last_from_me,
          'lastActivity', to_char(s.last_activity at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'messageCount', s.message_count)`,
  },
];

/** The invariants as one statement (one round trip per step): the name and a row of each break. */
function invariantQuery(final: boolean, now: Date, except: readonly string[]) {
  const parts = INVARIANTS.filter((i) => (final || !i.final) && !except.includes(i.name)).map((i) => {
    const query = typeof i.query === 'function' ? i.query(now.toISOString()) : i.query;
    return sql`(select ${i.name}::text as invariant, row_to_json(broken)::text as row from (${query}) broken limit 5)`;
  });
  return sql.join(parts, sql` union all `);
}

/** Throws, naming the invariant and the rows, when one does not hold (`except`: invariants left out by name). */
export async function checkInvariants(
  world: Pick<LifecycleWorld, 'database' | 'clock'>,
  opts: { final: boolean; except?: readonly string[] },
): Promise<void> {
  // Run by name on PostgreSQL (platform/statement-names.ts), so this union of every invariant is parsed
  // and planned once per connection instead of after every step: planning it was a third of
  // PostgreSQL's time in the Stripe property.
  const { rows: broken } = (await world.database.db.execute(
    invariantQuery(opts.final, world.clock.now(), opts.except ?? []),
  )) as unknown as { rows: Array<{ invariant: string; row: string }> };
  if (broken.length > 0) {
    throw new Error(`invariant broken: ${broken.map((b) => `${b.invariant}: ${b.row}`).join('; ')}`);
  }
}

/** One whole run: reset, the steps with the invariants after each, settle, the final invariants. */
export async function runSequence(world: LifecycleWorld, ops: readonly LifecycleOp[]): Promise<LifecycleRun> {
  await resetLifecycleWorld(world);
  const run = startRun(world);
  for (const op of ops) {
    await step(run, op);
    // A clock move or the outage switch writes nothing; every other step is checked at once.
    if (op.kind !== 'advance' && op.kind !== 'outage') await checkInvariants(world, { final: false });
  }
  await settle(run);
  await checkInvariants(world, { final: true });
  return run;
}
