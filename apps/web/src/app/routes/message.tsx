import { ConversationPage } from '../../features/messaging/conversation-page';
/** /messages/:messageId: one conversation (the bell for replies and refunds is in the header). */
export function Component() {
  return <ConversationPage />;
}
