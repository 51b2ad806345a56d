import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
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

/**
 * A creator's figures on the cards (decision 0072): response rate and average response time (from
 * the messages, handed in by the messages module) and average rating and review count (from the
 * reviews). Written only by the reviews module (refresh-creator-stats.ts). One row per profile:
 * the migration copied every profile's figures and the trigger `profiles_creator_stats_row` adds the
 * row of each new profile, so the browse sort walks creator_stats_response_rate_idx with an inner join.
 */
export const creatorStats = pgTable(
  'creator_stats',
  {
    creatorId: uuid('creator_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Percentage 0–100: responded ÷ (responded + unanswered refunded) paid messages (ARCHITECTURE §3a). */
    responseRate: doublePrecision('response_rate').notNull().default(0),
    /** Decision 0026: mean seconds from payment to reply over the answered paid messages; null until one. */
    avgResponseSeconds: integer('avg_response_seconds'),
    averageRating: doublePrecision('average_rating'),
    reviewCount: integer('review_count').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('creator_stats_response_rate_range', sql`${t.responseRate} >= 0 and ${t.responseRate} <= 100`),
    check(
      'creator_stats_average_rating_range',
      sql`${t.averageRating} is null or (${t.averageRating} >= 1 and ${t.averageRating} <= 5)`,
    ),
    check('creator_stats_avg_response_nonneg', sql`${t.avgResponseSeconds} is null or ${t.avgResponseSeconds} >= 0`),
    check('creator_stats_review_count_nonneg', sql`${t.reviewCount} >= 0`),
    // Browse "Highest response rate" (spec §7): keyset pages walk (response_rate, creator_id) backwards.
    index('creator_stats_response_rate_idx').on(t.responseRate, t.creatorId),
  ],
);
