import type { TFindCreatorsResponse } from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { liveKeys } from '../../lib/realtime/live-keys';

export const FIND_STATUSES = ['all', 'on_platform', 'off_platform'] as const;
export type TFindStatus = (typeof FIND_STATUSES)[number];
/** Where the term was typed: Find Creators asks the external lookup from 4 characters, Discover from 3 (spec §5). */
export type TFindFrom = 'search' | 'discover';

export const findKeys = {
  all: [...liveKeys.creators, 'find'] as const,
  search: (q: string, status: TFindStatus, from: TFindFrom = 'search') => [...findKeys.all, q, status, from] as const,
};

/**
 * spec §7 full search plus the external lookup, both done by our server; Find Creators and Discover
 * both ask it. A new term is a new query key: TanStack Query aborts the older request (its signal is
 * passed on) and answers a repeated term from the cache, which is spec §4's "abort the older search,
 * skip duplicates".
 */
export const findCreatorsQuery = (q: string, status: TFindStatus, from: TFindFrom = 'search') =>
  queryOptions({
    queryKey: findKeys.search(q, status, from),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q, status });
      if (from !== 'search') params.set('from', from);
      return api<TFindCreatorsResponse>(`/creators/find?${params}`, { signal });
    },
    enabled: q.length > 0,
  });
