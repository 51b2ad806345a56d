import { profiles } from '../../db/schema';

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
