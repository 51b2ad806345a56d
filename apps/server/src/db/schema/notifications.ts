import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns';
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
