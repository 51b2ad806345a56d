import { type ConversationLookups, getConversation } from '../modules/messages';
import { markMessageNotificationsRead } from '../modules/notifications';
import type { AppContext } from '../platform/context';

/**
 * Opening a conversation (spec §2 /messages/{id}, /dashboard/messages/{id}): messages' getConversation,
 * then, issue 36 §11, the viewer's unread notifications about its messages are read, as in Slack: the
 * bell's count falls by reading. The viewer's tabs are told, so every open bell updates. An admin
 * reading someone's conversation marks nothing (notifications are scoped to their owner).
 */
export async function readConversation(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events'>,
  opts: { messageId: string; viewerId: string; viewerIsAdmin: boolean; lookups: ConversationLookups },
) {
  const conversation = await getConversation(ctx, opts);
  if (conversation.viewerRole === 'admin') return conversation;
  const read = await markMessageNotificationsRead(ctx, {
    userId: opts.viewerId,
    messageIds: conversation.messages.map((m) => m.id),
  });
  const [first] = read;
  if (first) await ctx.events.publish([opts.viewerId], { type: 'notification', notificationId: first });
  return conversation;
}
