import { REVIEW_MESSAGES, type ZCreateReviewRequest } from '@fanline/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { messages, reviews } from '../../db/schema';
import { announceCardChange } from '../../platform/card-change';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { ownReviewColumns } from './own-review';
import { lockCreatorRating, refreshCreatorRating } from './refresh-creator-rating';

/**
 * spec §4 Review flow: a fan reviews a creator once per conversation, and only a conversation the
 * creator has answered (a paid message of theirs to that creator is `responded`).
 */
export async function createReview(
  ctx: Pick<AppContext, 'db' | 'events' | 'log'>,
  opts: { customerId: string } & z.output<typeof ZCreateReviewRequest>,
) {
  const [replied] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, opts.conversationId),
        eq(messages.senderId, opts.customerId),
        eq(messages.recipientId, opts.creatorId),
        eq(messages.status, 'responded'),
      ),
    )
    .limit(1);
  if (!replied) throw new AppError('FORBIDDEN', REVIEW_MESSAGES.notReplied);

  const created = await ctx.db.transaction(async (tx) => {
    await lockCreatorRating(tx, opts.creatorId);
    const [created] = await tx
      .insert(reviews)
      .values({
        customerId: opts.customerId,
        creatorId: opts.creatorId,
        conversationId: opts.conversationId,
        rating: opts.rating,
        title: opts.title,
        message: opts.message,
      })
      // The unique key (customer, creator, conversation) decides a double submit, even a concurrent one.
      .onConflictDoNothing()
      .returning(ownReviewColumns);
    if (!created) throw new AppError('CONFLICT', REVIEW_MESSAGES.duplicate);
    await refreshCreatorRating(tx, opts.creatorId);
    return created;
  });
  // The creator's rating and count, and the landing's quotes.
  await announceCardChange(ctx);
  return created;
}
