import type { TEarningsSummary, TPayout, TPayoutList } from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// Earnings and payouts are shared by the creator layout's Request Payout button and the earnings page.
export const earningsKeys = {
  all: ['creator-earnings'] as const,
  summary: () => [...earningsKeys.all, 'summary'] as const,
  payouts: () => [...earningsKeys.all, 'payouts'] as const,
};

/** spec §9: the earnings page refreshes every 30 s. */
export const EARNINGS_REFRESH_MS = 30_000;

export const earningsSummaryQuery = () =>
  queryOptions({
    queryKey: earningsKeys.summary(),
    queryFn: ({ signal }) => api<TEarningsSummary>('/creator/earnings', { signal }),
  });

export const payoutsQuery = () =>
  queryOptions({
    queryKey: earningsKeys.payouts(),
    queryFn: ({ signal }) => api<TPayoutList>('/creator/payouts?limit=20', { signal }),
  });

export const requestPayout = () => api<TPayout>('/creator/payouts', { method: 'POST' });

/** Decision 0029: a failed payout whose money waits on the creator's Stripe balance, paid out again. */
export const retryPayout = (id: string) =>
  api<TPayout>(`/creator/payouts/${encodeURIComponent(id)}/retry`, { method: 'POST' });
