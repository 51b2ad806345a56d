import { eq, sql } from 'drizzle-orm';
import { creatorStats, profiles } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * Locks the creator's profile row for the rest of the transaction, so review changes for one creator
 * run one after another and each recount sees the others' committed rows. The profile row, not the
 * creator_stats row: during the roll of decision 0072 the previous release locks the profile first,
 * and both releases taking the same row first keeps them from deadlocking each other.
 */
export async function lockCreatorRating(tx: Db, creatorId: string): Promise<void> {
  await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, creatorId)).for('update');
}

/**
 * ARCHITECTURE §3a: average_rating and review_count follow the reviews, in the transaction that
 * changes them (after lockCreatorRating). Reads through reviews_creator_created_idx; writes the
 * creator's creator_stats row (decision 0072), made here if it is missing.
 */
export async function refreshCreatorRating(tx: Db, creatorId: string): Promise<void> {
  await tx.execute(sql`
    insert into ${creatorStats} (creator_id, average_rating, review_count)
    select ${creatorId}, round(avg(rating)::numeric, 2)::double precision, count(*)::int
    from reviews where creator_id = ${creatorId}
    on conflict (creator_id) do update set
      average_rating = excluded.average_rating,
      review_count = excluded.review_count,
      updated_at = now()`);
}
