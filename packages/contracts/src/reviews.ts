import { z } from 'zod';
import { ZText, ZTimestamp } from './common';
import { REVIEW_MESSAGES } from './copy';
import { LIMITS } from './limits';

// modules/reviews: a fan's review of a creator and the creator's response (spec §4 Review flow).

const ZOptionalText = (max: number, label: string) =>
  ZText.trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * spec §5 Review: rating 1–5, title ≤ 100, message ≤ 500. The spec's default of 5 is gone (issue 36
 * §4): a review without a rating the fan chose is refused, so no 5.0 is published by one click.
 */
export const ZReviewFields = z.object({
  rating: z
    .number({ error: (issue) => (issue.input === undefined ? REVIEW_MESSAGES.ratingRequired : undefined) })
    .int()
    .min(LIMITS.rating.min)
    .max(LIMITS.rating.max),
  title: ZOptionalText(LIMITS.reviewTitle.max, 'Title'),
  message: ZOptionalText(LIMITS.reviewMessage.max, 'Review'),
});

/** POST /api/reviews: one review per customer, creator and conversation (spec §4 Review flow). */
export const ZCreateReviewRequest = ZReviewFields.extend({
  creatorId: z.uuid(),
  conversationId: z.uuid(),
});
export type TCreateReviewRequest = z.input<typeof ZCreateReviewRequest>;

/** PATCH /api/reviews/:reviewId (by its author only). */
export const ZUpdateReviewRequest = ZReviewFields;
export type TUpdateReviewRequest = z.input<typeof ZUpdateReviewRequest>;

/** The caller's own review, as the Review dialog edits it. */
export const ZOwnReview = z.object({
  id: z.uuid(),
  creatorId: z.uuid(),
  conversationId: z.uuid().nullable(),
  rating: z.number().int(),
  title: z.string().nullable(),
  message: z.string().nullable(),
  creatorResponse: z.string().nullable(),
  createdAt: ZTimestamp,
});
export type TOwnReview = z.input<typeof ZOwnReview>;

/** GET /api/reviews/mine?creatorId&conversationId */
export const ZOwnReviewQuery = z.object({ creatorId: z.uuid(), conversationId: z.uuid() });
export const ZOwnReviewResponse = z.object({ review: ZOwnReview.nullable() });
export type TOwnReviewResponse = z.input<typeof ZOwnReviewResponse>;

/** PUT /api/reviews/:reviewId/response (spec §5: non-empty, ≤ 500). */
export const ZReviewResponseRequest = z.object({
  response: ZText.trim()
    .min(1, REVIEW_MESSAGES.responseRequired)
    .max(LIMITS.reviewResponse.max, `Response must be at most ${LIMITS.reviewResponse.max} characters`),
});
export type TReviewResponseRequest = z.input<typeof ZReviewResponseRequest>;
export const ZReviewResponseResult = z.object({
  id: z.uuid(),
  creatorResponse: z.string().nullable(),
  creatorResponseAt: ZTimestamp.nullable(),
});

export const ZReview = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  title: z.string().nullable(),
  message: z.string().nullable(),
  creatorResponse: z.string().nullable(),
  creatorResponseAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  customer: z.object({ username: z.string(), displayName: z.string().nullable(), avatarUrl: z.string().nullable() }),
});

export type TReview = z.input<typeof ZReview>;

export const ZReviewsResponse = z.object({ reviews: z.array(ZReview), nextCursor: z.string().nullable() });

export type TReviewsResponse = z.input<typeof ZReviewsResponse>;
