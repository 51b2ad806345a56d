import { and, eq, sql } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { browseCreatorColumns } from '../creators';
import { heldFor } from './username-availability';

const publicProfileColumns = {
  ...browseCreatorColumns,
  coverUrl: profiles.coverUrl,
  portfolioImages: profiles.portfolioImages,
  instagramBio: profiles.instagramBio,
  createdAt: profiles.createdAt,
};

/** spec §7: a creator by username, exact match first, then case-insensitive; never a non-creator. */
export async function findPublicProfile(db: Db, username: string, now?: Date) {
  const [exact] = await db
    .select(publicProfileColumns)
    .from(profiles)
    .where(and(eq(profiles.username, username), eq(profiles.isCreator, true)));
  if (exact) return exact;
  const [loose] = await db
    .select(publicProfileColumns)
    .from(profiles)
    .where(and(sql`lower(${profiles.username}) = ${username.toLowerCase()}`, eq(profiles.isCreator, true)))
    .limit(1);
  if (loose) return loose;
  // A name its creator renamed away from still leads to them during the hold (security review L5).
  const heldProfileId = await heldFor(db, username, now);
  if (!heldProfileId) return null;
  const [renamed] = await db
    .select(publicProfileColumns)
    .from(profiles)
    .where(and(eq(profiles.id, heldProfileId), eq(profiles.isCreator, true)));
  return renamed ?? null;
}
