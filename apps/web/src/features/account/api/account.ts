import type { TSessionUser, TUpdateProfileRequest } from '@fanline/contracts';
import { api, apiUpload } from '../../../lib/api-client';

export const updateProfile = (body: TUpdateProfileRequest) =>
  api<TSessionUser>('/profile/me', { method: 'PATCH', body });

export const uploadAvatar = (file: File) => apiUpload<{ avatarUrl: string }>('/profile/me/avatar', file);

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  api<void>('/auth/change-password', { method: 'POST', body });

/** spec §8 Payout/settings: the settings save failure sentence (not among the shared constants). */
export const SETTINGS_SAVE_FAILED = 'Failed to update profile. Please try again.';

export {
  fetchNotificationPreferences,
  notificationPreferencesKey,
  saveNotificationPreferences,
} from '../../../lib/notification-preferences';
