import {
  REVIEW_MESSAGES,
  type TCreateReviewRequest,
  type TOwnReview,
  type TOwnReviewResponse,
  type TUpdateReviewRequest,
} from '@fanline/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client';
import { liveKeys } from '../../lib/realtime/live-keys';

/** GET /api/reviews/mine: the fan's review of this creator in this conversation, or null. */
export const myReviewQuery = (creatorId: string, conversationId: string) =>
  queryOptions({
    queryKey: liveKeys.myReview(creatorId, conversationId),
    queryFn: ({ signal }) =>
      api<TOwnReviewResponse>(`/reviews/mine?${new URLSearchParams({ creatorId, conversationId })}`, { signal }),
    staleTime: 0,
  });

export const createReview = (body: TCreateReviewRequest) => api<TOwnReview>('/reviews', { method: 'POST', body });
export const updateReview = (id: string, body: TUpdateReviewRequest) =>
  api<TOwnReview>(`/reviews/${encodeURIComponent(id)}`, { method: 'PATCH', body });
export const deleteReview = (id: string) => api<void>(`/reviews/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const respondToReview = (id: string, response: string) =>
  api<unknown>(`/reviews/${encodeURIComponent(id)}/response`, { method: 'PUT', body: { response } });
export const deleteReviewResponse = (id: string) =>
  api<void>(`/reviews/${encodeURIComponent(id)}/response`, { method: 'DELETE' });

/** After any review change: profiles (rating, count, list), the creator's tab and the fan's lookups. */
export function refreshAfterReviewChange(queryClient: QueryClient): void {
  for (const queryKey of [liveKeys.publicProfiles, liveKeys.ownReviews, ['my-review'], liveKeys.creators]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/**
 * spec §8 Reviews: which words a failed review call shows. Network, session, duplicate and
 * permission failures have their own; anything else is the action's failure with the server's text.
 */
export function reviewFailure(error: unknown, failure: string): { title: string; description?: string } {
  if (!(error instanceof ApiError)) return { title: failure };
  switch (error.code) {
    case 'NETWORK':
      return { title: REVIEW_MESSAGES.network };
    case 'UNAUTHENTICATED':
      return { title: REVIEW_MESSAGES.auth };
    case 'CONFLICT':
      return { title: REVIEW_MESSAGES.duplicate };
    case 'FORBIDDEN':
      return failure === REVIEW_MESSAGES.submitFailed
        ? { title: REVIEW_MESSAGES.permission }
        : { title: failure, description: error.message };
    default:
      return { title: failure, description: error.message };
  }
}
