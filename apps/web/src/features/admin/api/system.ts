import type { TAdminSystem } from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin';

/** How often Admin › System reads again while open: twice per instance heartbeat (15 s) would be noise. */
export const SYSTEM_REFRESH_MS = 30_000;

/** Admin › System (decision 0064): instances, outbox backlog, overdue messages and backups. */
export const adminSystemQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'system'] as const,
    queryFn: ({ signal }) => api<TAdminSystem>('/admin/system', { signal }),
    staleTime: 10_000,
    refetchInterval: SYSTEM_REFRESH_MS,
  });
