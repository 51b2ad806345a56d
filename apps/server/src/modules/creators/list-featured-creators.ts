import { FEATURED } from '@fanline/contracts';
import { and, sql } from 'drizzle-orm';
import { creatorStats, profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { limitInText } from '../../platform/prepared';
import { creatorStatsJoin, creatorSummaryColumns } from './summary';

/**
 * spec §7 'profiles featured': featured, available creators, newest first, 8 at most.
 *
 * Written to walk profiles_featured_idx (`created_at desc nulls last` where the three flags hold) and
 * stop at the eighth row, each card's figures one primary-key probe (decision 0082):
 * - the flags are in the statement's text, so the index's condition is seen to hold in every plan;
 * - the order is the index's own (`nulls last`: created_at is never null, so the order is the same);
 *   with the default `nulls first` PostgreSQL read every featured creator, joined them all to
 *   creator_stats by hashing the whole table, and sorted (433 statements a second at 10,000 creators,
 *   against 10,000 this way);
 * - the limit is a number, so the generic plan is kept (decision 0080).
 */
export async function listFeaturedCreators({ db }: { db: Db }) {
  return db
    .select(creatorSummaryColumns)
    .from(profiles)
    .innerJoin(creatorStats, creatorStatsJoin)
    .where(and(sql`${profiles.isFeatured}`, sql`${profiles.isCreator}`, sql`${profiles.isAvailable}`))
    .orderBy(sql`${profiles.createdAt} desc nulls last`)
    .limit(limitInText(FEATURED.limit));
}
