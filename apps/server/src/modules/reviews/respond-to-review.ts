import { and, eq } from 'drizzle-orm';
import { reviews } from '../../db/schema';
import type { Db } from '../../platform/db';
import { lockReviewFor } from './own-review';

const responseColumns = {
  id: reviews.id,
  creatorResponse: reviews.creatorResponse,
  creatorResponseAt: reviews.creatorResponseAt,
};

/**
 * spec §7: update by id and creator_id setting creator_response (a new text replaces the old one),
 * or, with `response: null`, clearing creator_response and creator_response_at. Only the creator the
 * review is about may do either.
 */
export async function respondToReview(
  db: Db,
  opts: { reviewId: string; creatorId: string; response: string | null; now: Date },
) {
  return db.transaction(async (tx) => {
    await lockReviewFor(tx, { reviewId: opts.reviewId, userId: opts.creatorId, as: 'creator' });
    const [row] = await tx
      .update(reviews)
      .set({
        creatorResponse: opts.response,
        creatorResponseAt: opts.response === null ? null : opts.now,
        updatedAt: opts.now,
      })
      .where(and(eq(reviews.id, opts.reviewId), eq(reviews.creatorId, opts.creatorId)))
      .returning(responseColumns);
    return row;
  });
}
