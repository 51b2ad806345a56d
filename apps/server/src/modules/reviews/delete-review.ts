import { and, eq } from 'drizzle-orm';
import { reviews } from '../../db/schema';
import { announceCardChange } from '../../platform/card-change';
import type { AppContext } from '../../platform/context';
import { lockReviewFor } from './own-review';
import { lockCreatorRating, refreshCreatorRating } from './refresh-creator-rating';

/** spec §7: delete by id and customer_id; the average and count follow in the same transaction. */
export async function deleteReview(
  ctx: Pick<AppContext, 'db' | 'events' | 'log'>,
  opts: { reviewId: string; customerId: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const review = await lockReviewFor(tx, { reviewId: opts.reviewId, userId: opts.customerId, as: 'author' });
    await lockCreatorRating(tx, review.creatorId);
    await tx.delete(reviews).where(and(eq(reviews.id, opts.reviewId), eq(reviews.customerId, opts.customerId)));
    await refreshCreatorRating(tx, review.creatorId);
  });
  await announceCardChange(ctx);
}
