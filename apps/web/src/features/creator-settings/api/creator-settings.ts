import {
  LIMITS,
  type TCategoriesResponse,
  type TPayoutAccountStatus,
  type TSessionUser,
  type TUpdateProfileRequest,
  UPLOAD_MESSAGES,
} from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api, apiUpload } from '../../../lib/api-client';

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
export const completeSimulatedOnboarding = () =>
  api<TPayoutAccountStatus>('/stripe-connect/simulated/complete', { method: 'POST' });

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** spec §5 Image upload, checked before sending (the server checks the content again). */
export function imageProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return UPLOAD_MESSAGES.invalidTypeHint;
  if (file.size > LIMITS.imageBytes.max) return UPLOAD_MESSAGES.tooLargeHint;
  return null;
}

export function uploadFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return UPLOAD_MESSAGES.notAuthenticated;
  if (error instanceof ApiError && error.status === 413) return UPLOAD_MESSAGES.tooLarge;
  if (error instanceof ApiError && error.status === 415) return UPLOAD_MESSAGES.invalidType;
  return error instanceof Error ? error.message : UPLOAD_MESSAGES.failed;
}
