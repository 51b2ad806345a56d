import type {
  TCategoriesResponse,
  TPayoutAccountStatus,
  TSessionUser,
  TUpdateProfileRequest,
} from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, apiUpload } from '../../../lib/api-client';

export const settingsKeys = {
  priceBounds: ['creator-settings', 'price-bounds'] as const,
  payoutAccount: ['creator-settings', 'payout-account'] as const,
  categories: ['categories'] as const,
};

export const priceBoundsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.priceBounds,
    queryFn: ({ signal }) =>
      api<{ minDollars: number; maxDollars: number; stepDollars: number }>('/creator/price-bounds', { signal }),
  });

export const payoutAccountQuery = () =>
  queryOptions({
    queryKey: settingsKeys.payoutAccount,
    queryFn: ({ signal }) => api<TPayoutAccountStatus>('/stripe-connect/status', { signal }),
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: settingsKeys.categories,
    queryFn: ({ signal }) => api<TCategoriesResponse>('/categories', { signal }),
  });

export const saveCreatorSettings = (body: TUpdateProfileRequest) =>
  api<TSessionUser>('/profile/me', { method: 'PATCH', body });

export const uploadCover = (file: File) => apiUpload<{ coverUrl: string }>('/profile/me/cover', file);
export const uploadPortfolioImage = (file: File) =>
  apiUpload<{ portfolioImages: string[] }>('/profile/me/portfolio', file);

export const createOnboardingLink = () => api<{ url: string }>('/stripe-connect/onboarding-link', { method: 'POST' });
/** Test mode only: the simulated bank pays or rejects this creator's payouts (decision 0029). */
export const setSimulatedBank = (outcome: 'pay' | 'reject') =>
  api<TPayoutAccountStatus>('/stripe-connect/simulated/bank', { method: 'POST', body: { outcome } });
/** Decision 0029: a single-use login link into the Stripe Express dashboard. */
export const createDashboardLink = () => api<{ url: string }>('/stripe-connect/dashboard-link', { method: 'POST' });
export const completeSimulatedOnboarding = () =>
  api<TPayoutAccountStatus>('/stripe-connect/simulated/complete', { method: 'POST' });
