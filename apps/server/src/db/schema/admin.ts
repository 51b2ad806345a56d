import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { profiles } from './profiles';

export const adminUsers = pgTable(
  'admin_users',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('admin'),
    isActive: boolean('is_active').notNull().default(true),
    permissions: jsonb('permissions').$type<Record<string, boolean>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('admin_users_user_key').on(t.userId)],
);

/** spec §3 platform_settings: the eleven keys of §9, values as JSON. */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  description: text('description'),
  updatedBy: uuid('updated_by').references(() => profiles.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const contentModeration = pgTable(
  'content_moderation',
  {
    id: id(),
    contentType: text('content_type').notNull().default('message'),
    contentId: uuid('content_id').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    moderatorNotes: text('moderator_notes'),
    reportedBy: uuid('reported_by').references(() => profiles.id, { onDelete: 'set null' }),
    moderatorId: uuid('moderator_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('content_moderation_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index('content_moderation_created_idx').on(t.createdAt.desc()),
    index('content_moderation_status_idx').on(t.status, t.createdAt.desc()),
    // One open report per person and item (issue #12); auto-moderation reports have no reporter.
    uniqueIndex('content_moderation_open_report_key')
      .on(t.reportedBy, t.contentType, t.contentId)
      .where(sql`${t.status} = 'pending' and ${t.reportedBy} is not null`),
  ],
);

/** ARCHITECTURE §8: every admin change leaves a row (who, what, before, after). */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: id(),
    adminId: uuid('admin_id').references(() => profiles.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt.desc())],
);
