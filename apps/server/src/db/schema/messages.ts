import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns';
import { profiles } from './profiles';

/**
 * A paid message and its reply (ARCHITECTURE §3). `pending` is invisible to the creator until paid;
 * `sent` runs the response window; `responded` / `refunded` / `cancelled` are final.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    // spec §4: the first message of a conversation uses its own id.
    conversationId: uuid('conversation_id').notNull(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    amount: integer('amount').notNull().default(0),
    status: text('status', { enum: ['pending', 'sent', 'responded', 'refunded', 'cancelled'] })
      .notNull()
      .default('pending'),
    isFollowup: boolean('is_followup').notNull().default(false),
    responseContent: text('response_content'),
    respondedAt: tstz('responded_at'),
    paidAt: tstz('paid_at'),
    expiresAt: tstz('expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('messages_status_check', sql`${t.status} in ('pending', 'sent', 'responded', 'refunded', 'cancelled')`),
    check('messages_content_length', sql`char_length(btrim(${t.content})) between 10 and 1000`),
    check(
      'messages_response_length',
      sql`${t.responseContent} is null or char_length(btrim(${t.responseContent})) between 10 and 1000`,
    ),
    check('messages_amount_nonneg', sql`${t.amount} >= 0`),
    check('messages_followup_free', sql`not ${t.isFollowup} or ${t.amount} = 0`),
    check('messages_not_to_self', sql`${t.senderId} <> ${t.recipientId}`),
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt),
    index('messages_recipient_created_idx').on(t.recipientId, t.createdAt.desc()),
    index('messages_sender_created_idx').on(t.senderId, t.createdAt.desc()),
    index('messages_pair_created_idx').on(t.senderId, t.recipientId, t.createdAt),
    // The expiry job claims due rows through this (ARCHITECTURE §1 Jobs).
    index('messages_sent_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'sent'`),
    index('messages_created_idx').on(t.createdAt.desc()),
    // Admin Messages filters by status, newest first.
    index('messages_status_created_idx').on(t.status, t.createdAt.desc()),
  ],
);
