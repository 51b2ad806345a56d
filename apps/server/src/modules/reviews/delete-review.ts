import { and, eq } from 'drizzle-orm';
import { reviews } from '../../db/schema';
import type { Db } from '../../platform/db';
import { lockReviewFor } from './own-review';
import { lockCreatorRating, refreshCreatorRating } from './refresh-creator-rating';

/** spec §7: delete by id and customer_id; the average and count follow in the same transaction. */
export async function deleteReview(db: Db, opts: { reviewId: string; customerId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const review = await lockReviewFor(tx, { reviewId: opts.reviewId, userId: opts.customerId, as: 'author' });
    await lockCreatorRating(tx, review.creatorId);
    await tx.delete(reviews).where(and(eq(reviews.id, opts.reviewId), eq(reviews.customerId, opts.customerId)));
    await refreshCreatorRating(tx, review.creatorId);
  });
}
