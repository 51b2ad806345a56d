import type { TNotification } from '@fanline/contracts';
import { href } from '../../../paths';

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
