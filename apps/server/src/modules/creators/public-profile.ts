import { and, eq, sql } from 'drizzle-orm';
import { creatorStats, profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { preparedPerDatabase } from '../../platform/prepared';
import { heldFor } from '../profiles';
import { browseCreatorColumns, creatorStatsJoin } from './summary';

const publicProfileColumns = {
  ...browseCreatorColumns,
  coverUrl: profiles.coverUrl,
  portfolioImages: profiles.portfolioImages,
  instagramBio: profiles.instagramBio,
  createdAt: profiles.createdAt,
};

// Usernames are unique regardless of case (profiles_username_lower_key), so "exact match first, then
// case-insensitive" is one row found through that index; prepared once per database (issue 14).
const byUsername = preparedPerDatabase('public_profile', (db: Db, _shape: undefined, name: string) =>
  db
    .select(publicProfileColumns)
    .from(profiles)
    .innerJoin(creatorStats, creatorStatsJoin)
    .where(and(sql`lower(${profiles.username}) = ${sql.placeholder('lowerName')}`, eq(profiles.isCreator, true)))
    .limit(1)
    .prepare(name),
);

/** spec §7: a creator by username, exact match first, then case-insensitive; never a non-creator. */
export async function findPublicProfile(db: Db, username: string, now?: Date) {
  const [found] = await byUsername(db, undefined).execute({ lowerName: username.toLowerCase() });
  if (found) return found;
  // A name its creator renamed away from still leads to them during the hold (security review L5).
  const heldProfileId = await heldFor(db, username, now);
  if (!heldProfileId) return null;
  const [renamed] = await db
    .select(publicProfileColumns)
    .from(profiles)
    .innerJoin(creatorStats, creatorStatsJoin)
    .where(and(eq(profiles.id, heldProfileId), eq(profiles.isCreator, true)));
  return renamed ?? null;
}
