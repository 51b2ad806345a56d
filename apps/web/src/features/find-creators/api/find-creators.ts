import type { TFindCreatorsResponse } from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { liveKeys } from '../../../lib/realtime/live-keys';

export const FIND_STATUSES = ['all', 'on_platform', 'off_platform'] as const;
export type TFindStatus = (typeof FIND_STATUSES)[number];

export const findKeys = {
  all: [...liveKeys.creators, 'find'] as const,
  search: (q: string, status: TFindStatus) => [...findKeys.all, q, status] as const,
  instagramKey: () => ['instagram-key'] as const,
};

/**
 * spec §7 full search plus the external lookup, both done by our server. A new term is a new query
 * key: TanStack Query aborts the older request (its signal is passed on) and answers a repeated term
 * from the cache, which is spec §4's "abort the older search, skip duplicates".
 */
export const findCreatorsQuery = (q: string, status: TFindStatus) =>
  queryOptions({
    queryKey: findKeys.search(q, status),
    queryFn: ({ signal }) =>
      api<TFindCreatorsResponse>(`/creators/find?${new URLSearchParams({ q, status })}`, { signal }),
    enabled: q.length > 0,
  });

export interface TInstagramKeyStatus {
  configured: boolean;
  source: 'config' | 'settings' | 'none';
}

export const instagramKeyQuery = () =>
  queryOptions({
    queryKey: findKeys.instagramKey(),
    queryFn: ({ signal }) => api<TInstagramKeyStatus>('/instagram-key', { signal }),
    staleTime: 0,
  });

/** Admins only (the server answers 403 to anyone else). The key goes to the server and nowhere else. */
export const saveInstagramKey = (apiKey: string) =>
  api<TInstagramKeyStatus>('/instagram-key', { method: 'PUT', body: { apiKey } });
