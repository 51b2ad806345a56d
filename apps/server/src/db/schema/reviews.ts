import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns';
import { profiles } from './profiles';

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id'),
    rating: integer('rating').notNull().default(5),
    title: text('title'),
    message: text('message'),
    creatorResponse: text('creator_response'),
    creatorResponseAt: tstz('creator_response_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_title_length', sql`char_length(${t.title}) <= 100`),
    check('reviews_message_length', sql`char_length(${t.message}) <= 500`),
    check('reviews_response_length', sql`char_length(${t.creatorResponse}) <= 500`),
    // spec §8 'You have already reviewed this creator': one review per customer, creator and conversation.
    unique('reviews_customer_creator_conversation_key')
      .on(t.customerId, t.creatorId, t.conversationId)
      .nullsNotDistinct(),
    index('reviews_creator_created_idx').on(t.creatorId, t.createdAt.desc()),
  ],
);
