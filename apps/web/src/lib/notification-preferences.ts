import type { TNotificationPreferences } from '@fanline/contracts';
import { api } from './api-client';

// The caller's notification preferences (spec §3), shared by the settings and the push opt-in (issue 26).
export const notificationPreferencesKey = ['profile', 'notification-preferences'] as const;

export const fetchNotificationPreferences = () => api<TNotificationPreferences>('/profile/me/notification-preferences');

export const saveNotificationPreferences = (body: TNotificationPreferences) =>
  api<TNotificationPreferences>('/profile/me/notification-preferences', { method: 'PUT', body });
