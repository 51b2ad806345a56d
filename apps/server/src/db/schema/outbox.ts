import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';

/**
 * The transactional outbox (decision 0022): every effect that must follow a committed change (a
 * provider capture, release, refund or transfer, a mail, a live event, an admin alert) is a row written
 * in the change's own transaction, and carried out after the commit, with retries, by whichever
 * instance claims it. `key` makes an effect idempotent (the same key twice is one row); rows that
 * share an `ordering_key` run one after the other in `id` order; `locked_until` is the lease of the
 * instance running it; a row that keeps failing ends `dead` after its attempts and raises an alert.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull().unique(),
    orderingKey: text('ordering_key'),
    /** The key of one row that must have run (done or dead) before this one. */
    afterKey: text('after_key'),
    payload: jsonb('payload').notNull(),
    /** `dropped`: a dead row an admin chose not to run (it no longer holds its chain). */
    status: text('status', { enum: ['pending', 'done', 'dead', 'dropped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * The fencing token (decision 0039): raised by every claim and required by the done and fail
     * updates, so a claim whose lease ran out and was taken over cannot mark the row.
     */
    claimToken: integer('claim_token').notNull().default(0),
    /** The version of the kind's payload schema the writer used (the registry's entry). */
    version: integer('version').notNull().default(1),
    runAt: tstz('run_at').notNull(),
    lockedUntil: tstz('locked_until'),
    lastError: text('last_error'),
    /**
     * The W3C `traceparent` of the span that wrote the row (decision 0061), when tracing was on:
     * the effect, carried out later, is traced as a child of it, in the request's trace.
     */
    traceContext: text('trace_context'),
    createdAt: createdAt(),
    doneAt: tstz('done_at'),
  },
  (t) => [
    index('outbox_due_idx').on(t.runAt).where(sql`${t.status} = 'pending'`),
    index('outbox_ordering_idx').on(t.orderingKey, t.id).where(sql`${t.status} <> 'done'`),
    index('outbox_finished_idx').on(t.doneAt).where(sql`${t.status} in ('done', 'dropped')`),
  ],
);

/**
 * The keys of pruned outbox rows (decision 0039): done rows are deleted after the retention
 * (OUTBOX_RETENTION_DAYS), their key stays here, and the writer skips a key found here, so a late
 * duplicate of an old effect is still the same effect and never runs twice.
 */
export const outboxPrunedKeys = pgTable(
  'outbox_pruned_keys',
  {
    key: text('key').primaryKey(),
    doneAt: tstz('done_at').notNull(),
    prunedAt: tstz('pruned_at').notNull(),
    /**
     * The row was `dropped` by an admin (decision 0063): its work was never done, so a reconciler may
     * notice it again at any time; such a key is kept for good. A done key goes after
     * OUTBOX_PRUNED_KEY_DAYS, past the last day a duplicate can arrive.
     */
    dropped: boolean('dropped').notNull().default(false),
  },
  (t) => [index('outbox_pruned_keys_done_idx').on(t.doneAt).where(sql`not ${t.dropped}`)],
);
