import { ConversationPage } from '../../features/messaging/conversation-page';
import { NotificationBell } from '../../features/notifications/components/notification-bell';

/** /messages/:messageId: one conversation, with the bell for replies and refunds. */
export function Component() {
  return <ConversationPage actions={<NotificationBell />} />;
}
