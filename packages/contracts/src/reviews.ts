import { z } from 'zod';
import { ZText, ZTimestamp } from './common';
import { LIMITS } from './limits';

// spec §8 Reviews: the product's words for every review outcome.
export const REVIEW_MESSAGES = {
  createTitle: (creator: string) => `Rate Your Experience with ${creator}`,
  editTitle: (creator: string) => `Edit Review with ${creator}`,
  submitted: 'Review submitted successfully!',
  updated: 'Review updated successfully!',
  deleted: 'Review deleted successfully!',
  responseAdded: 'Response added successfully!',
  responseDeleted: 'Response deleted successfully!',
  submitFailed: 'Failed to submit review',
  updateFailed: 'Failed to update review',
  deleteFailed: 'Failed to delete review',
  respondFailed: 'Failed to respond to review',
  deleteResponseFailed: 'Failed to delete response',
  network: 'Network error: Please check your connection and try again',
  permission: 'Permission error: Unable to submit review',
  duplicate: 'You have already reviewed this creator',
  auth: 'Authentication error: Please log in again',
  responseRequired: 'Please enter a response',
  // Ours: why the server refuses a review (the dialog shows the permission message above).
  notReplied: 'You can review a creator once they have replied to your message',
  notFound: 'Review not found',
  notAuthor: 'Only the author can change this review',
  notAddressed: 'Only the creator this review is about can respond to it',
} as const;

const ZOptionalText = (max: number, label: string) =>
  ZText.trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** spec §5 Review: rating 1–5 (default 5), title ≤ 100, message ≤ 500. */
export const ZReviewFields = z.object({
  rating: z.number().int().min(LIMITS.rating.min).max(LIMITS.rating.max).default(LIMITS.rating.default),
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
