import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns';
import { profiles } from './profiles';

/**
 * A copy of everything we hold about one person, asked for by them (issue 41 point 1, decision 0057).
 * `preparing` from the request until the outbox effect has stored the zip under `object_key` (random,
 * chosen when asked, so a retried build overwrites the same object); then `ready` until `expires_at`
 * (7 days), when the download refuses it and the jobs loop deletes the object. One preparing export per
 * person at a time (the partial unique index): a second request while one is built is refused.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['preparing', 'ready', 'expired'] })
      .notNull()
      .default('preparing'),
    objectKey: text('object_key').notNull(),
    bytes: bigint('bytes', { mode: 'number' }),
    readyAt: tstz('ready_at'),
    expiresAt: tstz('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('data_exports_status_check', sql`${t.status} in ('preparing', 'ready', 'expired')`),
    uniqueIndex('data_exports_object_key').on(t.objectKey),
    uniqueIndex('data_exports_one_preparing').on(t.userId).where(sql`${t.status} = 'preparing'`),
    // The person's latest export (GET /api/me/data-export).
    index('data_exports_user_created_idx').on(t.userId, t.createdAt.desc()),
    // The jobs loop's sweep of ready exports whose week is over.
    index('data_exports_ready_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'ready'`),
  ],
);
