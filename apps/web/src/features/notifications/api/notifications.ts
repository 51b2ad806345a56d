import type { TNotificationsResponse } from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { liveKeys } from '../../../lib/realtime/live-keys';

/** GET /api/notifications: the 10 newest (spec §9) and the unread count. Live through the event stream. */
export const notificationsQuery = () =>
  queryOptions({
    queryKey: liveKeys.notifications,
    queryFn: ({ signal }) => api<TNotificationsResponse>('/notifications', { signal }),
  });

export const markNotificationRead = (id: string) =>
  api<void>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });

export const markAllNotificationsRead = () => api<void>('/notifications/read-all', { method: 'POST' });
