import { and, eq, sql } from 'drizzle-orm';
import { outbox } from '../../db/schema';
import { forEachLimited } from '../../platform/concurrency';
import type { AppContext } from '../../platform/context';
import { inEffectSpan } from '../../platform/tracing';
import { EffectRefused } from './refused';

/** A claimed row, as a handler sees it. */
export interface OutboxRow {
  id: number;
  kind: string;
  key: string;
  payload: unknown;
  /** How many times it has been claimed, this time included. */
  attempts: number;
  /** The fencing token of this claim (decision 0039): only it may mark the row done or failed. */
  claimToken: number;
  /** The version of its kind's payload the writer used. */
  version: number;
  orderingKey: string | null;
  afterKey: string | null;
  /** The writer's W3C traceparent when tracing was on (decision 0061); null otherwise. */
  traceContext: string | null;
}

/** What a dead row holds back (decision 0039): its chain, and how many pending rows wait behind it. */
export interface StuckChain {
  orderingKey: string | null;
  /** Pending rows of the same ordering key after it, or written to run after it. */
  waiting: number;
}

/**
 * After this many failed attempts a row is dead: it is not tried again and an admin is alerted. With
 * the delays below that is about fifteen hours of a failing provider or mail server.
 */
export const MAX_ATTEMPTS = 25;
/** How long a claimed row is left to the instance that claimed it before another may take it over. */
export const LEASE_MS = 60_000;
/**
 * The first retries go at the next passes of the jobs (every JOBS_INTERVAL_SECONDS, as the reconcilers
 * retried before the outbox), then 30 s, 1 min, … doubling up to an hour.
 */
const QUICK_RETRIES = 4;
export function retryDelayMs(attempts: number): number {
  if (attempts <= QUICK_RETRIES) return 0;
  return Math.min(30_000 * 2 ** (attempts - QUICK_RETRIES - 1), 3_600_000);
}
/** Rows claimed per round, and run at once (one per ordering key, so never two of one payment). */
const BATCH = 200;
export const CONCURRENCY = 6;
/** Rounds per call: a round after a done row makes the next row of the same ordering key claimable. */
const MAX_ROUNDS = 50;

export interface RunOutboxOptions {
  /** Carries out one effect; throws to have it retried later. */
  handle: (row: OutboxRow) => Promise<void>;
  /**
   * Told once when a row dies (after MAX_ATTEMPTS, or at once when it is refused), with the chain it
   * now holds: the admin alert. Never throws.
   */
  onDead: (row: OutboxRow, error: unknown, chain: StuckChain) => Promise<void>;
  /** Only these rows, by key (the ones a request has just committed); every due row when absent. */
  keys?: readonly string[] | undefined;
}

/**
 * Carries out due effects (decisions 0022, 0039): claims pending rows whose time has come, whose lease
 * (if any) has run out, whose earlier rows of the same ordering key are done (or dropped) and whose
 * `after` row is done (or dropped), with FOR UPDATE SKIP LOCKED, so any number of instances share the
 * work and none runs a row another holds. A dead row holds its chain: nothing behind it runs until an
 * admin retries or drops it. Each claim raises the row's `claim_token`, and the done and fail marks
 * require the token of their claim, so a claim whose lease ran out and was taken over cannot mark the
 * row. A failure is retried with backoff; after MAX_ATTEMPTS, or at once when the row is refused (an
 * unknown kind, a malformed payload), the row is dead and `onDead` raises the alert. Done rows are
 * marked together at the end of each round. A crash between the effect and the mark leaves the row to
 * be claimed again once its lease ends, so every handler is idempotent (the provider calls by their
 * idempotency keys, the bookings by their own checks).
 */
export async function runOutbox(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log'>,
  opts: RunOutboxOptions,
): Promise<{ done: number; retried: number; dead: number; failedKeys: string[] }> {
  const totals = { done: 0, retried: 0, dead: 0, failedKeys: [] as string[] };
  if (opts.keys && opts.keys.length === 0) return totals;
  // A row that failed in this call waits for the next one, even when its retry is due at once.
  const failed: number[] = [];
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const rows = await claim(ctx, opts.keys, failed);
    if (rows.length === 0) break;
    const done: OutboxRow[] = [];
    await forEachLimited(rows, CONCURRENCY, async (row) => {
      const outcome = await runOne(ctx, opts, row);
      if (outcome === 'done') done.push(row);
      else {
        failed.push(row.id);
        totals.failedKeys.push(row.key);
      }
      totals[outcome] += 1;
    });
    // One statement marks the round's done rows (the expiry's hundreds of mails: issue 14's pace).
    // Only a row still held by this claim (its token unchanged) is marked: one taken over after the
    // lease ran out belongs to the instance that took it.
    if (done.length > 0) {
      const claims = sql.join(
        done.map((row) => sql`(${row.id}::bigint, ${row.claimToken}::int)`),
        sql`, `,
      );
      const marked = await ctx.db
        .update(outbox)
        .set({ status: 'done', lockedUntil: null, doneAt: ctx.clock.now() })
        .where(and(sql`(${outbox.id}, ${outbox.claimToken}) in (${claims})`, eq(outbox.status, 'pending')))
        .returning({ id: outbox.id });
      if (marked.length < done.length) {
        const kept = new Set(marked.map((row) => row.id));
        const lost = done.filter((row) => !kept.has(row.id));
        // Not taken again in this call: the instance that took it over decides what happens next.
        for (const row of lost) failed.push(row.id);
        ctx.log.warn(
          { outboxIds: lost.map((row) => row.id) },
          'an after-commit effect ran after its lease was taken over; its done mark was refused',
        );
      }
    }
  }
  return totals;
}

async function claim(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  keys: readonly string[] | undefined,
  skip: readonly number[],
): Promise<OutboxRow[]> {
  const now = ctx.clock.now();
  const leaseEnd = new Date(now.getTime() + LEASE_MS);
  const only = keys
    ? sql`and o.key in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )})`
    : sql``;
  const notAgain =
    skip.length > 0
      ? sql`and o.id not in (${sql.join(
          skip.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const result = await ctx.db.execute(sql`
    update ${outbox} set locked_until = ${leaseEnd.toISOString()}, attempts = attempts + 1,
      claim_token = claim_token + 1
    where id in (
      select o.id from ${outbox} o
      where o.status = 'pending' and o.run_at <= ${now.toISOString()}
        and (o.locked_until is null or o.locked_until <= ${now.toISOString()})
        ${only} ${notAgain}
        and (o.ordering_key is null or not exists (
          select 1 from ${outbox} earlier
          where earlier.ordering_key = o.ordering_key and earlier.id < o.id and earlier.status in ('pending', 'dead')))
        and (o.after_key is null or not exists (
          select 1 from ${outbox} first where first.key = o.after_key and first.status in ('pending', 'dead')))
      order by o.id
      limit ${BATCH}
      for update skip locked)
    returning id, kind, key, payload, attempts, claim_token, version, ordering_key, after_key, trace_context`);
  const rows = (
    result as unknown as {
      rows: Array<{
        id: number | string;
        kind: string;
        key: string;
        payload: unknown;
        attempts: number;
        claim_token: number;
        version: number;
        ordering_key: string | null;
        after_key: string | null;
        trace_context: string | null;
      }>;
    }
  ).rows;
  return rows
    .map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      key: row.key,
      payload: row.payload,
      attempts: Number(row.attempts),
      claimToken: Number(row.claim_token),
      version: Number(row.version),
      orderingKey: row.ordering_key,
      afterKey: row.after_key,
      traceContext: row.trace_context ?? null,
    }))
    .sort((a, b) => a.id - b.id);
}

async function runOne(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log'>,
  opts: RunOutboxOptions,
  row: OutboxRow,
): Promise<'done' | 'retried' | 'dead'> {
  try {
    // With tracing on, a span in the trace of the request that wrote the row (decision 0061).
    await inEffectSpan(row, () => opts.handle(row));
  } catch (error) {
    const now = ctx.clock.now();
    const refused = error instanceof EffectRefused;
    const dead = refused || row.attempts >= MAX_ATTEMPTS;
    const marked = await ctx.db
      .update(outbox)
      .set({
        status: dead ? 'dead' : 'pending',
        lockedUntil: null,
        runAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
        lastError: refused ? error.message.slice(0, 500) : describe(error),
      })
      .where(and(eq(outbox.id, row.id), eq(outbox.claimToken, row.claimToken), eq(outbox.status, 'pending')))
      .returning({ id: outbox.id });
    if (marked.length === 0) {
      // Taken over after the lease ran out: the row is the other claim's to mark.
      ctx.log.warn(
        { err: error, outboxId: row.id, kind: row.kind },
        'an after-commit effect failed after its lease was taken over; its fail mark was refused',
      );
      return 'retried';
    }
    ctx.log.warn(
      { err: error, outboxId: row.id, kind: row.kind, attempts: row.attempts },
      refused
        ? 'an after-commit effect was refused (unknown kind or malformed payload); it is dead'
        : dead
          ? 'an after-commit effect failed for the last time'
          : 'an after-commit effect failed; it is retried',
    );
    if (dead) await opts.onDead(row, error, await stuckChain(ctx, row));
    return dead ? 'dead' : 'retried';
  }
  return 'done';
}

/** The chain a dead row holds: its ordering key and the pending rows that wait behind it. */
export async function stuckChain(
  ctx: Pick<AppContext, 'db'>,
  row: Pick<OutboxRow, 'id' | 'key' | 'orderingKey'>,
): Promise<StuckChain> {
  const sameChain = row.orderingKey
    ? sql`(${outbox.orderingKey} = ${row.orderingKey} and ${outbox.id} > ${row.id})`
    : sql`false`;
  const [counted] = await ctx.db
    .select({ waiting: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), sql`(${sameChain} or ${outbox.afterKey} = ${row.key})`));
  return { orderingKey: row.orderingKey, waiting: Number(counted?.waiting ?? 0) };
}

/** What is kept of an error: its name and code, never its message (it may hold an address). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? `${error.name} (${code})` : error.name;
}
