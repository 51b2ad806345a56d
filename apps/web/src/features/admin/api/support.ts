import type { TSupportHandled, TSupportResponse } from '@fanline/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin';

/** The support inbox (issue #12): contact-form messages, newest first, 100 a page. */
export const adminSupportQuery = (search: string, filter: string, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'support', search, filter, page] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ filter, page: String(page) });
      if (search) params.set('search', search);
      return api<TSupportResponse>(`/admin/support?${params}`, { signal });
    },
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export const markContactMessageHandled = (contactMessageId: string) =>
  api<TSupportHandled>(`/admin/support/${contactMessageId}/handled`, { method: 'POST' });
