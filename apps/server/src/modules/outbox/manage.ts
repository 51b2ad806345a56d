import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { outbox, outboxPrunedKeys } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A dead row as an operator sees it (admin › Stuck jobs, `npm run outbox -- list`): no payload. */
export interface DeadEffect {
  id: number;
  kind: string;
  key: string;
  attempts: number;
  lastError: string | null;
  orderingKey: string | null;
  /** Pending rows held behind it (same ordering key after it, or written to run after it). */
  waiting: number;
  createdAt: Date;
  /** When it died: its last attempt. */
  failedAt: Date;
}

/** The dead rows, oldest first, each with the chain it holds (decision 0039). At most `limit`. */
export async function listDeadEffects(ctx: Pick<AppContext, 'db'>, limit = 200): Promise<DeadEffect[]> {
  const rows = await ctx.db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      key: outbox.key,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      orderingKey: outbox.orderingKey,
      createdAt: outbox.createdAt,
      runAt: outbox.runAt,
      // What each one holds, as stuckChain counts it for the alert, in the same statement (no query per
      // row). Spelled out: inside a subquery Drizzle would leave the columns unqualified.
      waiting: sql<number>`(select count(*)::int from outbox held where held.status = 'pending' and (
        (held.ordering_key = outbox.ordering_key and held.id > outbox.id) or held.after_key = outbox.key))`.mapWith(
        Number,
      ),
    })
    .from(outbox)
    .where(eq(outbox.status, 'dead'))
    .orderBy(asc(outbox.id))
    .limit(limit);
  return rows.map(({ runAt, ...rest }) => ({ ...rest, failedAt: runAt }));
}

/** What a retry or a drop changed, for the audit row; null when the row is not dead (any more). */
export type DeadEffectChange = { id: number; kind: string; key: string; attempts: number; lastError: string | null };

/**
 * A dead row runs again (decision 0039): pending, due now, with a full set of attempts. Its claim
 * token is left as it is, so no claim from before can mark it. In the caller's transaction (with its
 * audit row).
 */
export async function retryDeadEffect(tx: Db | Tx, id: number, now: Date): Promise<DeadEffectChange | null> {
  const before = await deadRow(tx, id);
  if (!before) return null;
  await tx
    .update(outbox)
    .set({ status: 'pending', attempts: 0, runAt: now, lockedUntil: null, lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'dead')));
  return before;
}

/**
 * A dead row is given up (decision 0039): `dropped`, which releases the rows behind it, keeps its key
 * (a late duplicate is still this effect) and is pruned with the done rows. In the caller's transaction.
 */
export async function dropDeadEffect(tx: Db | Tx, id: number, now: Date): Promise<DeadEffectChange | null> {
  const before = await deadRow(tx, id);
  if (!before) return null;
  await tx
    .update(outbox)
    .set({ status: 'dropped', lockedUntil: null, doneAt: now })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'dead')));
  return before;
}

async function deadRow(tx: Db | Tx, id: number): Promise<DeadEffectChange | null> {
  const [row] = await tx
    .select({
      id: outbox.id,
      kind: outbox.kind,
      key: outbox.key,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .where(and(eq(outbox.id, id), eq(outbox.status, 'dead')))
    .for('update');
  return row ?? null;
}

/** Rows pruned per statement, so one pass never holds a long lock. */
const PRUNE_BATCH = 5_000;
const DAY_MS = 86_400_000;

/**
 * Deletes done (and dropped) rows older than the retention (OUTBOX_RETENTION_DAYS, decision 0039),
 * keeping each key in outbox_pruned_keys first: the writer skips a kept key, so a late duplicate of a
 * pruned effect never runs again. Key and row change in one transaction, so one of the two always
 * holds the key. Returns how many rows went.
 */
export async function pruneOutbox(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  retentionDays: number,
  maxBatches = 20,
): Promise<number> {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  let pruned = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const gone = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: outbox.id, key: outbox.key, doneAt: outbox.doneAt, status: outbox.status })
        .from(outbox)
        .where(and(inArray(outbox.status, ['done', 'dropped']), lt(outbox.doneAt, cutoff)))
        .orderBy(asc(outbox.doneAt))
        .limit(PRUNE_BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      await tx
        .insert(outboxPrunedKeys)
        .values(
          rows.map((row) => ({
            key: row.key,
            doneAt: row.doneAt ?? now,
            prunedAt: now,
            dropped: row.status === 'dropped',
          })),
        )
        .onConflictDoNothing();
      await tx.delete(outbox).where(
        inArray(
          outbox.id,
          rows.map((row) => row.id),
        ),
      );
      return rows.length;
    });
    pruned += gone;
    if (gone < PRUNE_BATCH) break;
  }
  return pruned;
}

/**
 * Forgets the kept keys of done rows that ran more than `keyDays` ago (OUTBOX_PRUNED_KEY_DAYS, decision
 * 0063), in batches. A duplicate of a done effect comes from a retried request (Idempotency-Key, a day),
 * a webhook Stripe retries (3 days) or an operator replays (Stripe lists events 30 days), or a
 * reconciler, which writes an effect only while the work is still undone; past that window nothing
 * writes the key again. A dropped row's work was never done, so a reconciler may notice it any day:
 * its key is kept for good.
 */
export async function forgetOldOutboxKeys(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  keyDays: number,
  maxBatches = 20,
): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - keyDays * DAY_MS);
  let forgotten = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const due = ctx.db
      .select({ key: outboxPrunedKeys.key })
      .from(outboxPrunedKeys)
      .where(and(eq(outboxPrunedKeys.dropped, false), lt(outboxPrunedKeys.doneAt, cutoff)))
      .limit(PRUNE_BATCH);
    const gone = (
      await ctx.db
        .delete(outboxPrunedKeys)
        .where(inArray(outboxPrunedKeys.key, due))
        .returning({ key: outboxPrunedKeys.key })
    ).length;
    forgotten += gone;
    if (gone < PRUNE_BATCH) break;
  }
  return forgotten;
}

/** Whether a key was pruned (tests and the ops script). */
export async function isPrunedKey(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(outboxPrunedKeys).where(eq(outboxPrunedKeys.key, key));
  return Boolean(row);
}

/** Whether an effect of this key was ever written (a row now, or one run and pruned since): a ruling made once. */
export async function effectWritten(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(outbox).where(eq(outbox.key, key));
  return Boolean(row) || isPrunedKey(db, key);
}
