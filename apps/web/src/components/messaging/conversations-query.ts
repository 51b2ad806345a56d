import type { TConversationDetail, TConversationsResponse } from '@fanline/contracts';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client';
import { liveKeys } from '../../lib/realtime/live-keys';

/** GET /api/conversations: newest activity first, a page at a time; the search runs on the server. */
export const conversationsQuery = (search = '') =>
  infiniteQueryOptions({
    queryKey: liveKeys.conversationList(search),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (search) params.set('search', search);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return api<TConversationsResponse>(`/conversations${query ? `?${query}` : ''}`, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/**
 * GET /api/conversations/:messageId: the whole conversation holding that message. Reading it reads the
 * bell's notifications about it on the server (issue 36 §11), so the bell's count is fetched again (the
 * event stream says so too, to the user's other tabs).
 */
export const conversationQuery = (messageId: string) =>
  queryOptions({
    queryKey: liveKeys.conversation(messageId),
    queryFn: async ({ signal, client }) => {
      const conversation = await api<TConversationDetail>(`/conversations/${encodeURIComponent(messageId)}`, {
        signal,
      });
      void client.invalidateQueries({ queryKey: liveKeys.notifications });
      return conversation;
    },
    // A 404 (not a participant, or no such message) will not change on a retry.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
