import { and, eq, inArray, sql } from 'drizzle-orm';
import { outbox } from '../../db/schema';
import { forEachLimited } from '../../platform/concurrency';
import type { AppContext } from '../../platform/context';

/** A claimed row, as a handler sees it. */
export interface OutboxRow {
  id: number;
  kind: string;
  key: string;
  payload: unknown;
  /** How many times it has been claimed, this time included. */
  attempts: number;
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
const CONCURRENCY = 6;
/** Rounds per call: a round after a done row makes the next row of the same ordering key claimable. */
const MAX_ROUNDS = 50;

export interface RunOutboxOptions {
  /** Carries out one effect; throws to have it retried later. */
  handle: (row: OutboxRow) => Promise<void>;
  /** Told once when a row dies after MAX_ATTEMPTS (the admin alert). Never throws. */
  onDead: (row: OutboxRow, error: unknown) => Promise<void>;
  /** Only these rows, by key (the ones a request has just committed); every due row when absent. */
  keys?: readonly string[] | undefined;
}

/**
 * Carries out due effects (decision 0022): claims pending rows whose time has come, whose lease (if
 * any) has run out, whose earlier rows of the same ordering key are finished and whose `after` row has
 * run, with FOR UPDATE SKIP LOCKED, so any number of instances share the work and none runs a row
 * another holds. A row is marked done once; a failure is retried with backoff, and after MAX_ATTEMPTS
 * the row is dead and `onDead` raises the alert. Done rows are marked together at the end of each
 * round. A crash between the effect and the mark leaves the
 * row to be claimed again once its lease ends, so every handler is idempotent (the provider calls by
 * their idempotency keys, the bookings by their own checks).
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
    const done: number[] = [];
    await forEachLimited(rows, CONCURRENCY, async (row) => {
      const outcome = await runOne(ctx, opts, row);
      if (outcome === 'done') done.push(row.id);
      else {
        failed.push(row.id);
        totals.failedKeys.push(row.key);
      }
      totals[outcome] += 1;
    });
    // One statement marks the round's done rows (the expiry's hundreds of mails: issue 14's pace).
    if (done.length > 0) {
      await ctx.db
        .update(outbox)
        .set({ status: 'done', lockedUntil: null, doneAt: ctx.clock.now() })
        .where(and(inArray(outbox.id, done), eq(outbox.status, 'pending')));
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
    update ${outbox} set locked_until = ${leaseEnd.toISOString()}, attempts = attempts + 1
    where id in (
      select o.id from ${outbox} o
      where o.status = 'pending' and o.run_at <= ${now.toISOString()}
        and (o.locked_until is null or o.locked_until <= ${now.toISOString()})
        ${only} ${notAgain}
        and (o.ordering_key is null or not exists (
          select 1 from ${outbox} earlier
          where earlier.ordering_key = o.ordering_key and earlier.id < o.id and earlier.status = 'pending'))
        and (o.after_key is null or not exists (
          select 1 from ${outbox} first where first.key = o.after_key and first.status = 'pending'))
      order by o.id
      limit ${BATCH}
      for update skip locked)
    returning id, kind, key, payload, attempts`);
  const rows = (result as unknown as { rows: Array<OutboxRow & { id: number | string }> }).rows;
  return rows.map((row) => ({ ...row, id: Number(row.id) })).sort((a, b) => a.id - b.id);
}

async function runOne(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log'>,
  opts: RunOutboxOptions,
  row: OutboxRow,
): Promise<'done' | 'retried' | 'dead'> {
  try {
    await opts.handle(row);
  } catch (error) {
    const now = ctx.clock.now();
    const dead = row.attempts >= MAX_ATTEMPTS;
    await ctx.db
      .update(outbox)
      .set({
        status: dead ? 'dead' : 'pending',
        lockedUntil: null,
        runAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
        lastError: describe(error),
      })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, 'pending')));
    ctx.log.warn(
      { err: error, outboxId: row.id, kind: row.kind, attempts: row.attempts },
      dead ? 'an after-commit effect failed for the last time' : 'an after-commit effect failed; it is retried',
    );
    if (dead) await opts.onDead(row, error);
    return dead ? 'dead' : 'retried';
  }
  return 'done';
}

/** What is kept of an error: its name and code, never its message (it may hold an address). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? `${error.name} (${code})` : error.name;
}
