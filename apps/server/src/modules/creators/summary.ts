import { eq, sql } from 'drizzle-orm';
import { creatorCapacity, creatorStats, messages, profiles, userPresence } from '../../db/schema';
// Built when this module loads: messages sits in a lower layer, so its front door has loaded by then.
import { isDeliveredSql, isOpenSql } from '../messages';

// The card's row, named with its table. Drizzle writes a column inside a selected `sql` fragment
// without its table when the query reads one table, and `messages` has an `id` too: an unqualified
// "id" in the counts below meant m.id, so they never counted the creator's messages (never 'full').
const profileId = sql.raw('"profiles"."id"');

/** The columns a creator card shows (spec §2 Creator card); used by every list of creators. */
export const creatorSummaryColumns = {
  id: profiles.id,
  username: profiles.username,
  displayName: profiles.displayName,
  bio: profiles.bio,
  avatarUrl: profiles.avatarUrl,
  instagramUsername: profiles.instagramUsername,
  instagramVerified: profiles.instagramVerified,
  instagramProfilePicture: profiles.instagramProfilePicture,
  isCreator: profiles.isCreator,
  isAvailable: profiles.isAvailable,
  messagePrice: profiles.messagePrice,
  // Decision 0072: the figures live in creator_stats (one row per profile), joined by `fromCreatorCards`.
  responseRate: creatorStats.responseRate,
  averageRating: creatorStats.averageRating,
  reviewCount: creatorStats.reviewCount,
  // Decision 0026: kept current with response_rate, read here as a column.
  avgResponseSeconds: creatorStats.avgResponseSeconds,
  // ARCHITECTURE §8 Presence: one primary-key probe inside the same query, so a page of cards costs no
  // extra round trip. The database clock decides, as it stamped nothing else here.
  isOnline:
    sql<boolean>`exists (select 1 from ${userPresence} where ${userPresence.userId} = ${profileId} and ${userPresence.status} = 'online' and ${userPresence.lastSeenAt} > now() - interval '90 seconds')`.mapWith(
      Boolean,
    ),
  // Presence's (decision 0073), by the same primary-key probe.
  lastActiveAt:
    sql<Date | null>`(select ${userPresence.lastActiveAt} from ${userPresence} where ${userPresence.userId} = ${profileId})`.mapWith(
      userPresence.lastActiveAt,
    ),
  // Issue #13 capacity protection, inside the same query (no per-card round trip): why the creator
  // takes no new paid messages right now (away, full, daily cap), or null. The counts only run for a
  // creator who set that limit, on the indexes messages_recipient_open_expires_idx and
  // messages_recipient_created_idx. modules/care/capacity.ts is the checkout's word on the same rules.
  // The limits are care's creator_capacity (decision 0071), a primary-key probe like presence's; no
  // row: no limits, not away (null).
  pauseReason: sql<'away' | 'full' | 'daily_cap' | null>`(select case
    when c.vacation_until > now() then 'away'
    when c.max_open_messages is not null and (select count(*) from ${messages} m
      where m.recipient_id = ${profileId} and ${isOpenSql('m', sql`now()`)}) >= c.max_open_messages then 'full'
    when c.daily_message_cap is not null and (select count(*) from ${messages} m
      where m.recipient_id = ${profileId} and ${isDeliveredSql('m')} and m.created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
        and m.paid_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') >= c.daily_message_cap
      then 'daily_cap'
  end from ${creatorCapacity} c where c.creator_id = ${profileId})`,
  vacationUntil:
    sql<Date | null>`(select c.vacation_until from ${creatorCapacity} c where c.creator_id = ${profileId})`.mapWith(
      creatorCapacity.vacationUntil,
    ),
};

/**
 * The join every query selecting the card's columns needs: the creator's figures (decision 0072). An
 * inner join (every profile has its creator_stats row), so browse's response-rate sort walks
 * creator_stats_response_rate_idx and each card costs one primary-key probe, not another round trip.
 */
export const creatorStatsJoin = eq(creatorStats.creatorId, profiles.id);

/** A browse card: the summary plus what filters and badges need (contracts ZBrowseCreator). */
export const browseCreatorColumns = {
  ...creatorSummaryColumns,
  disciplines: profiles.disciplines,
  isFeatured: profiles.isFeatured,
  threadsOnboardingCompleted: profiles.threadsOnboardingCompleted,
  instagramFollowerCount: profiles.instagramFollowerCount,
};
