import { FEATURED } from '@fanline/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { creatorStats, profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { creatorStatsJoin, creatorSummaryColumns } from './summary';

/** spec §7 'profiles featured': featured, available creators, newest first, 8 at most. */
export async function listFeaturedCreators({ db }: { db: Db }) {
  return db
    .select(creatorSummaryColumns)
    .from(profiles)
    .innerJoin(creatorStats, creatorStatsJoin)
    .where(and(eq(profiles.isFeatured, true), eq(profiles.isCreator, true), eq(profiles.isAvailable, true)))
    .orderBy(desc(profiles.createdAt))
    .limit(FEATURED.limit);
}
