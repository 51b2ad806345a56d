import type { TEmailKind } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns';
import { profiles } from './profiles';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: [
        'new_message',
        'message_response',
        'message_refunded',
        'report_reviewed',
        'message_reminder',
        'message_declined',
        'reply_flagged',
      ],
    }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    relatedEntityId: uuid('related_entity_id'),
    relatedEntityType: text('related_entity_type'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'notifications_type_check',
      sql`${t.type} in ('new_message', 'message_response', 'message_refunded', 'report_reviewed', 'message_reminder', 'message_declined', 'reply_flagged')`,
    ),
    check('notifications_body_length', sql`char_length(${t.body}) <= 100`),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx').on(t.userId).where(sql`not ${t.isRead}`),
  ],
);

/**
 * A browser's Web Push subscription (issue 26, decision 0031): where the push service takes a user's
 * pushes (`endpoint`, unique: one browser profile is one row, moved to whoever subscribed last) and the
 * keys their payload is encrypted for. Gone with the user; removed when the push service answers 404/410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: tstz('last_success_at'),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** A person's notification switches as stored (ARCHITECTURE §7, issue #13). */
export type TStoredNotificationPreferences = {
  email: boolean;
  push: boolean;
  // No longer read (decision 0031): rows copied from profiles may still hold it.
  marketing?: boolean;
  // A kind missing from the object is on (issue #13).
  emailKinds?: Partial<Record<TEmailKind, boolean>>;
  // Absent on rows stored before deadline reminders existed: read as on.
  reminders?: boolean;
};

/** What a person without a row gets: spec §3's defaults. */
export const DEFAULT_NOTIFICATION_PREFERENCES: TStoredNotificationPreferences = { email: true, push: true };

/**
 * Decision 0072: a person's notification preferences, owned and written by the notifications module
 * alone. A person without a row has the defaults (readers left join and coalesce): the row is
 * written the first time they change a switch.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<TStoredNotificationPreferences>().notNull(),
  updatedAt: updatedAt(),
});
