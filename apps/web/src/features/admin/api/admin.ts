import type {
  TAccountDeletionStateView,
  TAdminEditUser,
  TAdminMessagesResponse,
  TAdminRefundAnsweredResult,
  TAdminRefundResult,
  TAdminStats,
  TAdminTransactionDetails,
  TAdminTransactionsResponse,
  TAdminUsersResponse,
  TAdminVitals,
  TAuditResponse,
  TModerationResponse,
  TModerationReview,
  TPlatformSettings,
  TSettingsResponse,
} from '@fanline/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  audit: (page: number, limit: number) => [...adminKeys.all, 'audit', page, limit] as const,
  users: (search: string, filter: string, page: number) => [...adminKeys.all, 'users', search, filter, page] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  vitals: () => [...adminKeys.all, 'vitals'] as const,
  accountDeletion: (userId: string) => [...adminKeys.all, 'account-deletion', userId] as const,
};

// Admin figures move under the admin's feet: short stale time, no 5-minute cache.
const FRESH = 15_000;

export const adminStatsQuery = () =>
  queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: ({ signal }) => api<TAdminStats>('/admin/stats', { signal }),
    staleTime: FRESH,
  });

/** The audit log newest first: the dashboard reads the first five, the Audit Log page 20 at a time. */
export const adminAuditQuery = (page = 1, limit = 5) =>
  queryOptions({
    queryKey: adminKeys.audit(page, limit),
    queryFn: ({ signal }) =>
      api<TAuditResponse>(`/admin/audit?${new URLSearchParams({ page: String(page), limit: String(limit) })}`, {
        signal,
      }),
    staleTime: FRESH,
    placeholderData: keepPreviousData,
  });

export const adminUsersQuery = (search: string, filter: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.users(search, filter, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ filter, page: String(page) });
      if (search) params.set('search', search);
      return api<TAdminUsersResponse>(`/admin/users?${params}`, { signal });
    },
    staleTime: FRESH,
    placeholderData: keepPreviousData,
  });

export const adminSettingsQuery = () =>
  queryOptions({
    queryKey: adminKeys.settings(),
    queryFn: ({ signal }) => api<TSettingsResponse>('/admin/settings', { signal }),
    staleTime: 0,
  });

export const makeCreator = (userId: string) => api(`/admin/users/${userId}/make-creator`, { method: 'POST' });
export const setFeatured = (userId: string, featured: boolean) =>
  api(`/admin/users/${userId}/featured`, { method: 'PUT', body: { featured } });
export const editUser = (userId: string, edit: TAdminEditUser) =>
  api(`/admin/users/${userId}`, { method: 'PATCH', body: edit });
export const saveSettings = (settings: TPlatformSettings) =>
  api<TSettingsResponse>('/admin/settings', { method: 'PUT', body: settings });

export const adminMessagesQuery = (search: string, filter: string, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'messages', search, filter, page] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ filter, page: String(page) });
      if (search) params.set('search', search);
      return api<TAdminMessagesResponse>(`/admin/messages?${params}`, { signal });
    },
    staleTime: FRESH,
    placeholderData: keepPreviousData,
  });

export const refundMessage = (messageId: string) =>
  api<TAdminRefundResult>(`/admin/messages/${messageId}/refund`, { method: 'POST' });

/** Decision 0055: refunds the fan of an answered message and takes the creator's earning back; the reason is audited. */
export const refundAnsweredMessage = (messageId: string, reason: string) =>
  api<TAdminRefundAnsweredResult>(`/admin/messages/${messageId}/refund-answered`, {
    method: 'POST',
    body: { reason },
  });

const transactionParams = (search: string, filter: string) => {
  const params = new URLSearchParams({ filter });
  if (search) params.set('search', search);
  return params;
};

export const adminTransactionsQuery = (search: string, filter: string, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'transactions', search, filter, page] as const,
    queryFn: ({ signal }) => {
      const params = transactionParams(search, filter);
      params.set('page', String(page));
      return api<TAdminTransactionsResponse>(`/admin/transactions?${params}`, { signal });
    },
    staleTime: FRESH,
    placeholderData: keepPreviousData,
  });

export const adminTransactionQuery = (paymentId: string) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'transaction', paymentId] as const,
    queryFn: ({ signal }) => api<TAdminTransactionDetails>(`/admin/transactions/${paymentId}`, { signal }),
    staleTime: FRESH,
  });

/** The CSV is a plain download: the browser sends the session cookie with it. */
export const transactionsCsvUrl = (search: string, filter: string) =>
  `/api/admin/transactions/export.csv?${transactionParams(search, filter)}`;

export const adminModerationQuery = (search: string, filter: string, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'moderation', search, filter, page] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ filter, page: String(page) });
      if (search) params.set('search', search);
      return api<TModerationResponse>(`/admin/moderation?${params}`, { signal });
    },
    staleTime: FRESH,
    placeholderData: keepPreviousData,
  });

export const reviewReport = (reportId: string, review: TModerationReview) =>
  api<{ status: string }>(`/admin/moderation/${reportId}/review`, { method: 'POST', body: review });

/** Real visitors' Web Vitals per route (issue 28): p75s of the last week and each day's p75 for the trend. */
export const adminVitalsQuery = () =>
  queryOptions({
    queryKey: adminKeys.vitals(),
    queryFn: ({ signal }) => api<TAdminVitals>('/admin/vitals', { signal }),
    staleTime: 60_000,
  });

/** Issue 41: a user's account closure, as an admin follows it; start and cancel are audited. */
export const adminAccountDeletionQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.accountDeletion(userId),
    queryFn: ({ signal }) =>
      api<TAccountDeletionStateView>(`/admin/users/${encodeURIComponent(userId)}/account-deletion`, { signal }),
    staleTime: FRESH,
  });
export const startAccountDeletion = (userId: string) =>
  api<TAccountDeletionStateView>(`/admin/users/${encodeURIComponent(userId)}/account-deletion`, { method: 'POST' });
export const cancelAccountDeletion = (userId: string) =>
  api<TAccountDeletionStateView>(`/admin/users/${encodeURIComponent(userId)}/account-deletion`, { method: 'DELETE' });
