import type { AppContext } from '../../platform/context';

/**
 * After a message changes and its notification is committed: the notified person's tabs hear of the
 * notification, and both participants' tabs hear of the message change.
 */
export async function announceMessageChange(
  ctx: Pick<AppContext, 'events'>,
  change: {
    notify: { userId: string; notificationId: string };
    participants: [string, string];
    messageId: string;
    conversationId: string;
    status: string;
  },
): Promise<void> {
  await ctx.events.publish([change.notify.userId], {
    type: 'notification',
    notificationId: change.notify.notificationId,
  });
  await ctx.events.publish(change.participants, {
    type: 'message',
    messageId: change.messageId,
    conversationId: change.conversationId,
    status: change.status,
  });
}

/** The pseudo user whose events every open admin stream also hears (spec §2 live activity feed). */
export const ADMIN_CHANNEL = '__admins__';

/** Tells admin dashboards that something worth listing happened; they re-read the feed. */
export async function announceAdminActivity(
  ctx: Pick<AppContext, 'events'>,
  kind: 'profile' | 'message' | 'payment' | 'report',
): Promise<void> {
  await ctx.events.publish([ADMIN_CHANNEL], { type: 'admin-activity', kind });
}
