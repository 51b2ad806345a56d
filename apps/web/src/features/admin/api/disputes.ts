import type { TAdminDispute, TAdminDisputeEvidence, TAdminDisputesResponse } from '@fanline/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin';

/** Admin › Disputes (decision 0054): chargebacks, newest first, a page at a time. */
export const adminDisputesQuery = (page: number) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'disputes', page] as const,
    queryFn: ({ signal }) => api<TAdminDisputesResponse>(`/admin/disputes?page=${page}`, { signal }),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

/** Sends text evidence to Stripe and submits it to the bank. */
export const submitDisputeEvidence = (id: string, body: TAdminDisputeEvidence) =>
  api<TAdminDispute>(`/admin/disputes/${id}/evidence`, { method: 'POST', body });
