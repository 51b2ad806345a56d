import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, tstz, updatedAt } from './columns';

/**
 * Issue 41 (decision 0058): a request to close an account. `pending` until `scheduled_for` (the 14-day
 * grace), when the erasure job replaces the person's data by a pseudonym (`erased`); cancelled by the
 * owner (signed in, or through the mailed link) or an admin before then. One pending request per user.
 * `cancel_token_hash` is the mailed link's token, hashed; `requested_by` the admin who started it (null:
 * the owner). The money the closure could not pay out stays on the books: its amount and the reason
 * the owner reads are kept here.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'cancelled', 'erased'] })
      .notNull()
      .default('pending'),
    requestedAt: tstz('requested_at').notNull(),
    scheduledFor: tstz('scheduled_for').notNull(),
    requestedBy: uuid('requested_by'),
    cancelledAt: tstz('cancelled_at'),
    erasedAt: tstz('erased_at'),
    cancelTokenHash: text('cancel_token_hash').unique(),
    refundedMessages: integer('refunded_messages').notNull().default(0),
    earningsHeldCents: integer('earnings_held_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('account_deletions_status_check', sql`${t.status} in ('pending', 'cancelled', 'erased')`),
    uniqueIndex('account_deletions_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    // The erasure job: pending requests whose grace has passed, oldest first.
    index('account_deletions_due_idx').on(t.scheduledFor).where(sql`${t.status} = 'pending'`),
    index('account_deletions_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);
