import { sql } from 'drizzle-orm';
import { profiles, userPresence } from '../../db/schema';

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
  responseRate: profiles.responseRate,
  averageRating: profiles.averageRating,
  reviewCount: profiles.reviewCount,
  // ARCHITECTURE §8 Presence: one primary-key probe inside the same query, so a page of cards costs no
  // extra round trip. The database clock decides, as it stamped nothing else here.
  isOnline:
    sql<boolean>`exists (select 1 from ${userPresence} where ${userPresence.userId} = ${profiles.id} and ${userPresence.status} = 'online' and ${userPresence.lastSeenAt} > now() - interval '90 seconds')`.mapWith(
      Boolean,
    ),
  lastActiveAt: profiles.lastActiveAt,
};

/** A browse card: the summary plus what filters and badges need (contracts ZBrowseCreator). */
export const browseCreatorColumns = {
  ...creatorSummaryColumns,
  disciplines: profiles.disciplines,
  isFeatured: profiles.isFeatured,
  threadsOnboardingCompleted: profiles.threadsOnboardingCompleted,
  instagramFollowerCount: profiles.instagramFollowerCount,
};

/** `%term%` for LIKE, with the term's own wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
