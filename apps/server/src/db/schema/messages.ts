import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns';
import { profiles } from './profiles';

const DECLINE_REASONS = ['outside_expertise', 'cannot_answer_well', 'inappropriate', 'too_personal', 'other'] as const;

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
    // Issue #13: the creator declined the message. It is `refunded` (the money went back through the
    // expiry's release path) with a reason the fan sees; a decline does not count against the
    // response rate the way a missed deadline does.
    declinedAt: tstz('declined_at'),
    declineReason: text('decline_reason', { enum: DECLINE_REASONS }),
    declineNote: text('decline_note'),
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
    check(
      'messages_decline_reason_check',
      sql`${t.declineReason} is null or ${t.declineReason} in (${sql.raw(DECLINE_REASONS.map((r) => `'${r}'`).join(', '))})`,
    ),
    check('messages_decline_note_length', sql`${t.declineNote} is null or char_length(${t.declineNote}) <= 300`),
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
    // The creator inbox's "at risk" strip: a creator's open messages, least time left first (issue #13).
    index('messages_recipient_open_expires_idx').on(t.recipientId, t.expiresAt).where(sql`${t.status} = 'sent'`),
  ],
);

/**
 * Deadline reminders to the creator (issue #13): one row per (message, hours-left threshold), claimed
 * with ON CONFLICT DO NOTHING before anything is sent, so each reminder goes out once however many
 * instances run the jobs loop.
 */
export const messageReminders = pgTable(
  'message_reminders',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    thresholdHours: integer('threshold_hours').notNull(),
    sentAt: tstz('sent_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.thresholdHours] }),
    check('message_reminders_threshold', sql`${t.thresholdHours} in (12, 4, 1)`),
  ],
);

/**
 * One row per (conversation, participant): everything the conversation list shows of a conversation
 * but the other party's profile (issue 14, decision 0019 and its round 2), so a page reads these rows and the
 * profiles and no message. Written only by the `messages_summaries_*` triggers in the same statement
 * as the message change (migrations 0018, 0019): every participant of a message has a row,
 * `message_count` counts the visible messages (ARCHITECTURE §3), and `last_*` describe the newest
 * visible one (a reply counts from when it was sent: then its text and its sender); all null when
 * none is visible. Whether a message is open depends on the clock, so the rows keep the deadlines of
 * the unanswered paid messages (queries.ts#isUnanswered), to this participant and from them, and the
 * list counts those still ahead of now.
 */
export const conversationSummaries = pgTable(
  'conversation_summaries',
  {
    conversationId: uuid('conversation_id').notNull(),
    userId: uuid('user_id').notNull(),
    otherId: uuid('other_id').notNull(),
    messageCount: integer('message_count').notNull().default(0),
    lastActivity: tstz('last_activity'),
    lastMessageId: uuid('last_message_id'),
    lastContent: text('last_content'),
    lastFromMe: boolean('last_from_me'),
    pendingDeadlines: tstz('pending_deadlines').array().notNull().default(sql`'{}'`),
    waitingDeadlines: tstz('waiting_deadlines').array().notNull().default(sql`'{}'`),
    /**
     * The row's members of ZConversationSummary that do not move with the clock (lastMessageContent,
     * lastMessageFromMe, lastActivity, messageCount) as JSON text, written from the row's own columns by
     * the trigger `conversation_summaries_json` (migration 0023) on every write of them (issue 14).
     */
    summaryJson: text('summary_json'),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    // The list's keyset order, newest activity first (scanned backwards).
    index('conversation_summaries_user_activity_idx')
      .on(t.userId, t.lastActivity, t.conversationId)
      .where(sql`${t.messageCount} > 0`),
  ],
);
