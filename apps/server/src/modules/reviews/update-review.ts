import type { ZUpdateReviewRequest } from '@fanline/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { reviews } from '../../db/schema';
import { announceCardChange } from '../../platform/card-change';
import type { AppContext } from '../../platform/context';
import { lockReviewFor, ownReviewColumns } from './own-review';
import { lockCreatorRating, refreshCreatorRating } from './refresh-creator-rating';

/** spec §7: update by id and customer_id with rating, title, message; the average follows. */
export async function updateReview(
  ctx: Pick<AppContext, 'db' | 'events' | 'log'>,
  opts: { reviewId: string; customerId: string; now: Date } & z.output<typeof ZUpdateReviewRequest>,
) {
  const updated = await ctx.db.transaction(async (tx) => {
    const review = await lockReviewFor(tx, { reviewId: opts.reviewId, userId: opts.customerId, as: 'author' });
    await lockCreatorRating(tx, review.creatorId);
    const [updated] = await tx
      .update(reviews)
      .set({ rating: opts.rating, title: opts.title, message: opts.message, updatedAt: opts.now })
      .where(and(eq(reviews.id, opts.reviewId), eq(reviews.customerId, opts.customerId)))
      .returning(ownReviewColumns);
    await refreshCreatorRating(tx, review.creatorId);
    return updated;
  });
  await announceCardChange(ctx);
  return updated;
}
