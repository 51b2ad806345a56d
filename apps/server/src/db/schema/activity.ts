import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, tstz } from './columns';
import { profiles } from './profiles';

/** spec §3 profile_views: insert only. */
export const profileViews = pgTable(
  'profile_views',
  {
    id: id(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id').references(() => profiles.id, { onDelete: 'set null' }),
    viewedAt: tstz('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    index('profile_views_profile_viewed_idx').on(t.profileId, t.viewedAt.desc()),
    index('profile_views_profile_viewer_idx').on(t.profileId, t.viewerId, t.viewedAt.desc()),
  ],
);

/** Live presence (spec §4 Presence): one row per user, last status wins. */
export const userPresence = pgTable(
  'user_presence',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    check('user_presence_status_check', sql`${t.status} in ('online', 'away', 'offline')`),
    index('user_presence_status_idx').on(t.status, t.lastSeenAt.desc()),
  ],
);
