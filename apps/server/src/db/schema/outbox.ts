import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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
    status: text('status', { enum: ['pending', 'done', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: tstz('run_at').notNull(),
    lockedUntil: tstz('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: tstz('done_at'),
  },
  (t) => [
    index('outbox_due_idx').on(t.runAt).where(sql`${t.status} = 'pending'`),
    index('outbox_ordering_idx').on(t.orderingKey, t.id).where(sql`${t.status} <> 'done'`),
  ],
);
