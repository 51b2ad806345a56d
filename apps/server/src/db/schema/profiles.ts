import type { TEmailKind } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, tstz, updatedAt } from './columns';

/** spec §3 profile. message_price is cents; response_rate a percentage 0–100. */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    displayName: text('display_name'),
    bio: text('bio'),
    avatarUrl: text('avatar_url'),
    coverUrl: text('cover_url'),
    email: text('email'),
    isCreator: boolean('is_creator').notNull().default(false),
    intendedAccountType: text('intended_account_type').notNull().default('customer'),
    userType: text('user_type').notNull().default('regular'),
    threadsOnboardingCompleted: boolean('threads_onboarding_completed').notNull().default(false),
    threadsUsername: text('threads_username'),
    isAvailable: boolean('is_available').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    messagePrice: integer('message_price').notNull().default(2500),
    // Decision 0072: the figures moved to creator_stats (reviews module). Contract: dropped in the next
    // release with the sync triggers; nothing writes them.
    responseRate: doublePrecision('response_rate').notNull().default(0),
    averageRating: doublePrecision('average_rating'),
    reviewCount: integer('review_count').notNull().default(0),
    avgResponseSeconds: integer('avg_response_seconds'),
    disciplines: text('disciplines').array().notNull().default(sql`'{}'::text[]`),
    portfolioImages: text('portfolio_images').array().notNull().default(sql`'{}'::text[]`),
    /**
     * This profile as the other party in a conversation list (ZConversationSummary's `otherParty`), as
     * JSON text: written by the trigger `profiles_party_json` (migration 0023) whenever a field in it
     * changes, so the list copies it instead of reading and encoding seven columns per row (issue 14).
     */
    partyJson: text('party_json'),
    instagramUsername: text('instagram_username'),
    instagramVerified: boolean('instagram_verified').notNull().default(false),
    instagramBio: text('instagram_bio'),
    instagramProfilePicture: text('instagram_profile_picture'),
    instagramFollowerCount: bigint('instagram_follower_count', { mode: 'number' }),
    // Contract (decision 0071): the payout account lives in payout_accounts. These three columns are
    // dropped in the next release with the sync triggers (migration 0043); nothing writes them.
    stripeAccountId: text('stripe_account_id'),
    stripeOnboardingCompleted: boolean('stripe_onboarding_completed').notNull().default(false),
    payoutAccountState: text('payout_account_state', { enum: ['incomplete', 'enabled', 'restricted'] }),
    // IANA zone the creator's browser reports; earnings days follow it rather than UTC (issue #10).
    timeZone: text('time_zone'),
    isAdmin: boolean('is_admin').notNull().default(false),
    adminRole: text('admin_role'),
    // Decision 0072: moved to the notification_preferences table (notifications module). Contract:
    // dropped in the next release with the sync triggers; nothing writes it.
    notificationPreferences: jsonb('notification_preferences')
      // emailKinds (issue #13): a kind missing from the stored object is on. `reminders` (deadline
      // reminders, issue #13) is absent on rows stored before it existed: read as on. `marketing` is
      // no longer read (decision 0031): rows (and the column default) may still hold it.
      .$type<{
        email: boolean;
        push: boolean;
        marketing?: boolean;
        emailKinds?: Partial<Record<TEmailKind, boolean>>;
        reminders?: boolean;
      }>()
      .notNull()
      .default({ email: true, push: true, marketing: false }),
    // spec §2 Sender dashboard: the onboarding modal shows once; remembered here, not in the browser.
    senderOnboardedAt: tstz('sender_onboarded_at'),
    // Moved to user_presence (decision 0073); kept in step by a trigger for the rolling deploy, then dropped.
    lastActiveAt: tstz('last_active_at'),
    // Contract (decision 0071): capacity lives in creator_capacity. These three columns (and their
    // checks) are dropped in the next release with the sync triggers (migration 0043); nothing writes them.
    maxOpenMessages: integer('max_open_messages'),
    dailyMessageCap: integer('daily_message_cap'),
    vacationUntil: tstz('vacation_until'),
    // Issue 36 setup checklist (migration 0032): when the creator saved a price, and copied their link.
    priceSetAt: tstz('price_set_at'),
    linkSharedAt: tstz('link_shared_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('profiles_username_lower_key').on(sql`lower(${t.username})`),
    check('profiles_username_format', sql`${t.username} ~ '^[A-Za-z0-9_.]{1,40}$'`),
    check('profiles_bio_length', sql`char_length(${t.bio}) <= 500`),
    check('profiles_message_price_range', sql`${t.messagePrice} >= 0 and ${t.messagePrice} <= 1000000`),
    check('profiles_response_rate_range', sql`${t.responseRate} >= 0 and ${t.responseRate} <= 100`),
    check(
      'profiles_average_rating_range',
      sql`${t.averageRating} is null or (${t.averageRating} >= 1 and ${t.averageRating} <= 5)`,
    ),
    check('profiles_max_open_range', sql`${t.maxOpenMessages} is null or ${t.maxOpenMessages} between 1 and 1000`),
    check('profiles_daily_cap_range', sql`${t.dailyMessageCap} is null or ${t.dailyMessageCap} between 1 and 1000`),
    check('profiles_avg_response_nonneg', sql`${t.avgResponseSeconds} is null or ${t.avgResponseSeconds} >= 0`),
    check('profiles_review_count_nonneg', sql`${t.reviewCount} >= 0`),
    check('profiles_disciplines_max', sql`cardinality(${t.disciplines}) <= 5`),
    check('profiles_portfolio_max', sql`cardinality(${t.portfolioImages}) <= 6`),
    check('profiles_intended_account_type', sql`${t.intendedAccountType} in ('customer', 'creator')`),
    uniqueIndex('profiles_instagram_username_lower_key')
      .on(sql`lower(${t.instagramUsername})`)
      .where(sql`${t.instagramUsername} is not null`),
    // Contract (decision 0071): goes with stripe_account_id; payout_accounts_stripe_account_key serves.
    uniqueIndex('profiles_stripe_account_key').on(t.stripeAccountId).where(sql`${t.stripeAccountId} is not null`),
    // Featured carousel (spec §7 'profiles featured'): newest featured, available creators.
    index('profiles_featured_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.isFeatured} and ${t.isCreator} and ${t.isAvailable}`),
    // Browse sorts (spec §7 'profiles browse'), creators only. Keyset pages walk (column, id) forwards
    // for ascending sorts and backwards for descending ones, so one plain index serves both.
    // Admin users list and activity feed: everyone, newest first.
    index('profiles_created_idx').on(t.createdAt.desc(), t.id),
    index('profiles_creators_created_idx').on(t.createdAt, t.id).where(sql`${t.isCreator}`),
    index('profiles_creators_updated_idx').on(t.updatedAt, t.id).where(sql`${t.isCreator}`),
    index('profiles_creators_price_idx').on(t.messagePrice, t.id).where(sql`${t.isCreator}`),
    // Contract (decision 0072): dropped in the next release with response_rate; browse walks creator_stats.
    index('profiles_creators_response_rate_idx').on(t.responseRate, t.id).where(sql`${t.isCreator}`),
    index('profiles_disciplines_gin_idx').using('gin', t.disciplines),
    // Contains-search on names (quick search, browse, full search) through trigrams.
    index('profiles_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('profiles_display_name_trgm_idx').using('gin', sql`lower(${t.displayName}) gin_trgm_ops`),
    index('profiles_instagram_username_trgm_idx').using('gin', sql`lower(${t.instagramUsername}) gin_trgm_ops`),
    // Full search: verified creators ordered by follower count.
    index('profiles_full_search_idx')
      .on(t.instagramFollowerCount.desc().nullsLast())
      .where(sql`${t.isCreator} and ${t.threadsOnboardingCompleted}`),
  ],
);

/**
 * A username its owner renamed away from (security review L5): for the hold period nobody else may
 * claim it, and the old name still leads to the renamed creator. `username` is lower case.
 */
export const usernameHolds = pgTable(
  'username_holds',
  {
    username: text('username').primaryKey(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    heldUntil: tstz('held_until').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('username_holds_profile_idx').on(t.profileId)],
);

/**
 * Issue #13: a creator blocked a fan. The fan can no longer pay to message them; their open messages
 * were released when the block was made.
 */
export const creatorBlocks = pgTable(
  'creator_blocks',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    fanId: uuid('fan_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.creatorId, t.fanId] }),
    check('creator_blocks_not_self', sql`${t.creatorId} <> ${t.fanId}`),
    // The settings list: a creator's blocks, newest first.
    index('creator_blocks_creator_created_idx').on(t.creatorId, t.createdAt.desc()),
  ],
);
