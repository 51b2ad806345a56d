import type { TStuckJobResult, TStuckJobsResponse } from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin';

/** Admin › Stuck jobs (decision 0039): the dead outbox rows, oldest first. */
export const adminStuckJobsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'stuck-jobs'] as const,
    queryFn: ({ signal }) => api<TStuckJobsResponse>('/admin/stuck-jobs', { signal }),
    staleTime: 15_000,
  });

export const settleStuckJob = (id: number, action: 'retry' | 'drop') =>
  api<TStuckJobResult>(`/admin/stuck-jobs/${id}/${action}`, { method: 'POST' });
