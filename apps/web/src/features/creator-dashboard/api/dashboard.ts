import {
  PRESENCE,
  type TAtRiskResponse,
  type TCreatorMetrics,
  type TCreatorStats,
  type TDeclineRequest,
  type TReviewsResponse,
} from '@fanline/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { liveKeys } from '../../../lib/realtime/live-keys';

/** GET /api/creator/stats: the inbox cards. Live: message events invalidate it. */
export const creatorStatsQuery = () =>
  queryOptions({
    queryKey: liveKeys.creatorStats,
    queryFn: ({ signal }) => api<TCreatorStats>('/creator/stats', { signal }),
  });

/**
 * GET /api/creator/at-risk: the inbox's "at risk" strip. Its key starts with the stats key, so the
 * message events that refresh the cards refresh it too.
 */
export const atRiskQuery = () =>
  queryOptions({
    queryKey: [...liveKeys.creatorStats, 'at-risk'],
    queryFn: ({ signal }) => api<TAtRiskResponse>('/creator/at-risk', { signal }),
  });

/** GET /api/creator/metrics, polled every 30 s while the dashboard is open (spec §7, §9). */
export const creatorMetricsQuery = () =>
  queryOptions({
    queryKey: liveKeys.creatorMetrics,
    queryFn: ({ signal }) => api<TCreatorMetrics>('/creator/metrics', { signal }),
    refetchInterval: PRESENCE.metricsPollMs,
    staleTime: 0,
  });

const REVIEWS_PAGE = 10;

/** The creator's own reviews (the Customer Reviews tab responds to them). */
export const ownReviewsQuery = (username: string) =>
  infiniteQueryOptions({
    queryKey: [...liveKeys.ownReviews, username.toLowerCase()],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(REVIEWS_PAGE) });
      if (pageParam) params.set('cursor', pageParam);
      return api<TReviewsResponse>(`/profiles/${encodeURIComponent(username)}/reviews?${params}`, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export type TAnswerKind = 'response' | 'followup';

/** POST /api/messages/:id/reply or /follow-up: answers every open paid message of that fan (spec §4). */
export const answerConversation = ({
  messageId,
  kind,
  content,
  attachmentIds,
}: {
  messageId: string;
  kind: TAnswerKind;
  content: string;
  attachmentIds?: string[];
}) =>
  api<{ messageId: string }>(
    `/messages/${encodeURIComponent(messageId)}/${kind === 'response' ? 'reply' : 'follow-up'}`,
    {
      method: 'POST',
      body: { content, attachmentIds },
      idempotent: true,
    },
  );

/** POST /api/messages/:id/decline (issue #13): declines the conversation's unanswered paid messages. */
export const declineConversation = ({ messageId, ...body }: TDeclineRequest & { messageId: string }) =>
  api<{ declined: number }>(`/messages/${encodeURIComponent(messageId)}/decline`, {
    method: 'POST',
    body,
    idempotent: true,
  });
