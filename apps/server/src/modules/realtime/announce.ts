import type { FastifyInstance } from 'fastify';

/**
 * After a message changes and its notification is committed: the notified person's tabs hear of the
 * notification, and both participants' tabs hear of the message change.
 */
export async function announceMessageChange(
  app: FastifyInstance,
  change: {
    notify: { userId: string; notificationId: string };
    participants: [string, string];
    messageId: string;
    conversationId: string;
    status: string;
  },
): Promise<void> {
  await app.events.publish([change.notify.userId], {
    type: 'notification',
    notificationId: change.notify.notificationId,
  });
  await app.events.publish(change.participants, {
    type: 'message',
    messageId: change.messageId,
    conversationId: change.conversationId,
    status: change.status,
  });
}
