import type { TBrowseQuery, TBrowseResponse } from '@fanline/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { liveKeys } from '../../../lib/realtime/live-keys';

export const browseKeys = {
  list: (query: TBrowseQuery) => [...liveKeys.creators, 'browse', query] as const,
};

export function fetchBrowsePage(query: TBrowseQuery, cursor: string | undefined, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (cursor) params.set('cursor', cursor);
  return api<TBrowseResponse>(`/creators?${params}`, { signal });
}

/** spec §7 profiles browse: 12 a page; the next page is asked for only while the server gives a cursor. */
export const browseQuery = (query: TBrowseQuery) =>
  infiniteQueryOptions({
    queryKey: browseKeys.list(query),
    queryFn: ({ pageParam, signal }) => fetchBrowsePage(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
