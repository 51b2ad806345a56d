import type { TPublicProfile, TReviewsResponse } from '@fanline/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { liveKeys } from '../../../lib/realtime/live-keys';

export const profileKeys = {
  all: liveKeys.publicProfiles,
  profile: (username: string) => [...profileKeys.all, username.toLowerCase()] as const,
  reviews: (username: string) => [...profileKeys.profile(username), 'reviews'] as const,
};

const path = (username: string) => `/profiles/${encodeURIComponent(username)}`;

/** A 404 (no such creator) or 400 (a bad name) will not change on a retry. */
const retryUnlessClientError = (failures: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

/** spec §7: exact, then case-insensitive, creators only; the server records the profile view. */
export const publicProfileQuery = (username: string) =>
  queryOptions({
    queryKey: profileKeys.profile(username),
    queryFn: ({ signal }) => api<TPublicProfile>(path(username), { signal }),
    retry: retryUnlessClientError,
  });

/** spec §7 reviews: newest first, 5 a page (spec §9), then "Load more". */
export const reviewsQuery = (username: string) =>
  infiniteQueryOptions({
    queryKey: profileKeys.reviews(username),
    queryFn: ({ pageParam, signal }) =>
      api<TReviewsResponse>(
        `${path(username)}/reviews${pageParam ? `?${new URLSearchParams({ cursor: pageParam })}` : ''}`,
        {
          signal,
        },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
