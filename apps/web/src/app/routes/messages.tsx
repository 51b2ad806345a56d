import { MessagesPage } from '../../features/messaging/messages-page';
import { NotificationBell } from '../../features/notifications/components/notification-bell';

/** /messages: the sender's conversations, with the bell for replies and refunds. */
export function Component() {
  return <MessagesPage actions={<NotificationBell />} />;
}
