import type { TBillingTransactionsResponse, TPaymentTimeline, TSenderDashboard } from '@fanline/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { liveKeys } from '../../../lib/realtime/live-keys';

// Under the conversations key: a reply or a refund on the stream refreshes these screens too.
const fanKey = [...liveKeys.conversations, 'fan'] as const;

/** GET /api/sender/dashboard: name, onboarding flag, summary card and the 5 newest conversations. */
export const senderDashboardQuery = () =>
  queryOptions({
    queryKey: [...fanKey, 'dashboard'],
    queryFn: ({ signal }) => api<TSenderDashboard>('/sender/dashboard', { signal }),
  });

export const dismissOnboarding = () => api<void>('/sender/onboarding/dismiss', { method: 'POST' });

export { billingSummaryQuery } from '../../../components/billing/billing-summary-query';

/** GET /api/billing/transactions, page by page (keyset cursor). */
export const billingTransactionsQuery = () =>
  infiniteQueryOptions({
    queryKey: [...fanKey, 'billing-transactions'],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      api<TBillingTransactionsResponse>(
        `/billing/transactions${pageParam ? `?${new URLSearchParams({ cursor: pageParam })}` : ''}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const paymentTimelineQuery = (paymentId: string) =>
  queryOptions({
    queryKey: [...fanKey, 'payment', paymentId],
    queryFn: ({ signal }) =>
      api<TPaymentTimeline>(`/billing/transactions/${encodeURIComponent(paymentId)}`, { signal }),
  });

/** The live response window (admin setting), so copy never hard-codes "24 hours". */
export const responseWindowQuery = () =>
  queryOptions({
    queryKey: ['payments', 'config', 'window'],
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => api<{ responseWindowHours: number }>('/payments/config', { signal }),
    select: (config) => config.responseWindowHours,
  });

export const BILLING_CSV_URL = '/api/billing/export.csv';
