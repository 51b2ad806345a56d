import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tstz } from './columns';
import { profiles } from './profiles';

/**
 * spec §3 profile_views: insert only. Partitioned by month of `viewed_at` (decision 0063; the
 * migration, not this file, says so: drizzle-kit has no partitions), so the primary key carries the
 * partition key. Finished days are rolled up into profile_view_months and old months dropped whole.
 */
export const profileViews = pgTable(
  'profile_views',
  {
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id').references(() => profiles.id, { onDelete: 'set null' }),
    viewedAt: tstz('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.viewedAt] }),
    index('profile_views_profile_viewed_idx').on(t.profileId, t.viewedAt.desc()),
    index('profile_views_profile_viewer_idx').on(t.profileId, t.viewerId, t.viewedAt.desc()),
    // The rollup reads one finished day of every profile: a block range index costs a few pages.
    index('profile_views_viewed_brin_idx').using('brin', t.viewedAt),
  ],
);

/**
 * Profile views rolled up (decision 0063): per profile and UTC month, the views of the days before
 * profile_view_rollup.rolled_until. A creator's total is these plus the raw rows from that day on.
 */
export const profileViewMonths = pgTable(
  'profile_view_months',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.month] })],
);

/**
 * One row: the first UTC day whose views are not yet in profile_view_months (null: none rolled up
 * yet). Moved forward in the same transaction as the counts it covers, so a reader in one statement
 * sees either both or neither.
 */
export const profileViewRollup = pgTable(
  'profile_view_rollup',
  {
    one: integer('one').primaryKey().default(1),
    rolledUntil: date('rolled_until', { mode: 'string' }),
  },
  (t) => [check('profile_view_rollup_one_check', sql`${t.one} = 1`)],
);

/**
 * Live presence (spec §4 Presence): one row per user, last status wins. `last_active_at` is the last
 * online or away write ("Last active" on cards and the creator's metrics); it moved here from
 * profiles (decision 0073), whose old column a trigger keeps in step until the release after.
 */
export const userPresence = pgTable(
  'user_presence',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    lastActiveAt: tstz('last_active_at'),
  },
  (t) => [
    check('user_presence_status_check', sql`${t.status} in ('online', 'away', 'offline')`),
    index('user_presence_status_idx').on(t.status, t.lastSeenAt.desc()),
  ],
);
