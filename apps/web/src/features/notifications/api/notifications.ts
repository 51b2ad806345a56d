import type { TNotification, TNotificationsResponse } from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { liveKeys } from '../../../lib/realtime/live-keys';
import { href } from '../../../paths';

/** GET /api/notifications: the 10 newest (spec §9) and the unread count. Live through the event stream. */
export const notificationsQuery = () =>
  queryOptions({
    queryKey: liveKeys.notifications,
    queryFn: ({ signal }) => api<TNotificationsResponse>('/notifications', { signal }),
  });

export const markNotificationRead = (id: string) =>
  api<void>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });

export const markAllNotificationsRead = () => api<void>('/notifications/read-all', { method: 'POST' });

/**
 * Where a notification leads (spec §2): a new paid message opens the creator's conversation detail;
 * a reply or a refund opens the sender's conversation view.
 */
export function notificationTarget(notification: Pick<TNotification, 'type' | 'relatedEntityId'>): string | null {
  if (!notification.relatedEntityId) return null;
  // New messages and deadline reminders go to the creator; replies and refunds to the fan.
  return notification.type === 'new_message' || notification.type === 'message_reminder'
    ? href.dashboardMessage(notification.relatedEntityId)
    : href.message(notification.relatedEntityId);
}
