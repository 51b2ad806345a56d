import type { TAccountDeletionStateView } from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/**
 * Issue 41 point 2: whether the signed-in account is closing (the Security tab, the creator's settings
 * and the banner on every page share it), closing it with the password, and cancelling.
 */
export const accountDeletionKey = ['account-deletion'] as const;

export const accountDeletionQuery = () =>
  queryOptions({
    queryKey: accountDeletionKey,
    queryFn: ({ signal }) => api<TAccountDeletionStateView>('/me/account-deletion', { signal }),
    staleTime: 60_000,
  });

export const closeAccount = (password: string) =>
  api<TAccountDeletionStateView>('/me/account-deletion', { method: 'POST', body: { password } });

export const cancelDeletion = () => api<TAccountDeletionStateView>('/me/account-deletion', { method: 'DELETE' });

/** The mailed link's cancel (its token from the URL fragment); no session needed. */
export const cancelDeletionByLink = (token: string) =>
  api<TAccountDeletionStateView>('/account-deletion/cancel', { method: 'POST', body: { token } });
