import type { TQuickSearchResponse } from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { liveKeys } from '../../lib/realtime/live-keys';

export const quickSearchQuery = (term: string) =>
  queryOptions({
    queryKey: [...liveKeys.creators, 'quick-search', term] as const,
    queryFn: ({ signal }) =>
      api<TQuickSearchResponse>(`/creators/quick-search?${new URLSearchParams({ q: term })}`, { signal }),
    staleTime: 60_000,
  });
