import { MessagesPage } from '../../features/messaging/messages-page';
/** /messages: the sender's conversations (the bell for replies and refunds is in the header). */
export function Component() {
  return <MessagesPage />;
}
