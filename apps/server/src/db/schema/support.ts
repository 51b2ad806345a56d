import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns';
import { profiles } from './profiles';

/** Contact-form submissions from /support (spec §2 Support), read by admins at /admin/support. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('open'),
    handledBy: uuid('handled_by').references(() => profiles.id, { onDelete: 'set null' }),
    handledAt: tstz('handled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('contact_messages_status_check', sql`${t.status} in ('open', 'handled')`),
    index('contact_messages_created_idx').on(t.createdAt.desc()),
    index('contact_messages_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

/**
 * One row per system alert mailed to admins (issue #12 system_alerts): the unique key makes a
 * reconciler that fails on every pass mail about the same payment and kind only once.
 */
export const systemAlertsSent = pgTable(
  'system_alerts_sent',
  {
    id: id(),
    kind: text('kind').notNull(),
    targetId: text('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('system_alerts_sent_key').on(t.kind, t.targetId)],
);
