import { REVIEW_MESSAGES } from '@fanline/contracts';
import { and, eq } from 'drizzle-orm';
import { reviews } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

/** What the Review dialog edits (contracts ZOwnReview). */
export const ownReviewColumns = {
  id: reviews.id,
  creatorId: reviews.creatorId,
  conversationId: reviews.conversationId,
  rating: reviews.rating,
  title: reviews.title,
  message: reviews.message,
  creatorResponse: reviews.creatorResponse,
  createdAt: reviews.createdAt,
};

/** spec §7: select one by customer_id, creator_id, conversation_id (the unique key's index). */
export async function findOwnReview(db: Db, opts: { customerId: string; creatorId: string; conversationId: string }) {
  const [row] = await db
    .select(ownReviewColumns)
    .from(reviews)
    .where(
      and(
        eq(reviews.customerId, opts.customerId),
        eq(reviews.creatorId, opts.creatorId),
        eq(reviews.conversationId, opts.conversationId),
      ),
    );
  return row ?? null;
}

/**
 * Loads a review for a change and locks it: missing is 404; someone else's is 403 (reviews are
 * public, so saying it exists reveals nothing). `as` names who may change it.
 */
export async function lockReviewFor(tx: Db, opts: { reviewId: string; userId: string; as: 'author' | 'creator' }) {
  const [row] = await tx
    .select({ id: reviews.id, customerId: reviews.customerId, creatorId: reviews.creatorId })
    .from(reviews)
    .where(eq(reviews.id, opts.reviewId))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.notFound);
  const owner = opts.as === 'author' ? row.customerId : row.creatorId;
  if (owner !== opts.userId)
    throw new AppError('FORBIDDEN', opts.as === 'author' ? REVIEW_MESSAGES.notAuthor : REVIEW_MESSAGES.notAddressed);
  return row;
}
