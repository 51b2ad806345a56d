import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
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
