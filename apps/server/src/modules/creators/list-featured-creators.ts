import { FEATURED } from '@fanline/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { creatorSummaryColumns } from './summary';

/** spec §7 'profiles featured': featured, available creators, newest first, 8 at most. */
export async function listFeaturedCreators({ db }: { db: Db }) {
  return db
    .select(creatorSummaryColumns)
    .from(profiles)
    .where(and(eq(profiles.isFeatured, true), eq(profiles.isCreator, true), eq(profiles.isAvailable, true)))
    .orderBy(desc(profiles.createdAt))
    .limit(FEATURED.limit);
}
