import { eq, sql } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * Locks the creator's profile row for the rest of the transaction, so review changes for one creator
 * run one after another and each recount sees the others' committed rows.
 */
export async function lockCreatorRating(tx: Db, creatorId: string): Promise<void> {
  await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, creatorId)).for('update');
}

/**
 * ARCHITECTURE §3a: average_rating and review_count follow the reviews, in the transaction that
 * changes them (after lockCreatorRating). Reads through reviews_creator_created_idx.
 */
export async function refreshCreatorRating(tx: Db, creatorId: string): Promise<void> {
  await tx.execute(sql`
    update profiles set
      average_rating = r.average,
      review_count = r.n
    from (
      select round(avg(rating)::numeric, 2)::double precision as average, count(*)::int as n
      from reviews where creator_id = ${creatorId}
    ) r
    where profiles.id = ${creatorId}`);
}
