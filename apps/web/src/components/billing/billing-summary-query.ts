import type { TBillingSummary } from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { liveKeys } from '../../lib/realtime/live-keys';

/**
 * GET /api/billing/summary: the fan's own spending (spec §2 /billing). Shared by the Billing page, the
 * fan dashboard and the Billing tab of /profile. Under the conversations key: a reply or a refund on
 * the stream refreshes it.
 */
export const billingSummaryQuery = () =>
  queryOptions({
    queryKey: [...liveKeys.conversations, 'fan', 'billing-summary'],
    queryFn: ({ signal }) => api<TBillingSummary>('/billing/summary', { signal }),
  });
