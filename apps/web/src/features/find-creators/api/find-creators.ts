import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const instagramKeyKey = () => ['instagram-key'] as const;

export interface TInstagramKeyStatus {
  configured: boolean;
  source: 'config' | 'settings' | 'none';
}

export const instagramKeyQuery = () =>
  queryOptions({
    queryKey: instagramKeyKey(),
    queryFn: ({ signal }) => api<TInstagramKeyStatus>('/instagram-key', { signal }),
    staleTime: 0,
  });

/** Admins only (the server answers 403 to anyone else). The key goes to the server and nowhere else. */
export const saveInstagramKey = (apiKey: string) =>
  api<TInstagramKeyStatus>('/instagram-key', { method: 'PUT', body: { apiKey } });
