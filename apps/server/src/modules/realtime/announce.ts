import type { SQLWrapper } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import type { DeliverHere } from './event-bus';

/**
 * After a message changes and its notification is committed: the notified person's tabs hear of the
 * notification, and both participants' tabs hear of the message change (and, with `adminActivity`,
 * admin dashboards of the activity). Given the transaction that makes the change (`via`), all go out,
 * in this order, the moment it commits; call what this returns after that commit and this instance's
 * own streams hear of it without waiting for the database's round trip (event-bus.ts).
 */
export async function announceMessageChange(
  ctx: Pick<AppContext, 'events'>,
  change: {
    notify: { userId: string; notificationId: string };
    participants: [string, string];
    messageId: string;
    conversationId: string;
    status: string;
    /** Also tells admin dashboards, in the same statement (announceAdminActivity's event). */
    adminActivity?: AdminActivity;
  },
  via?: Db,
  /** Writes of the same transaction sent in the announcement's statement (the notification's insert). */
  alongside?: readonly SQLWrapper[],
): Promise<DeliverHere> {
  return ctx.events.publishAll(
    [
      {
        userIds: [change.notify.userId],
        event: { type: 'notification', notificationId: change.notify.notificationId },
      },
      {
        userIds: change.participants,
        event: {
          type: 'message',
          messageId: change.messageId,
          conversationId: change.conversationId,
          status: change.status,
        },
      },
      ...(change.adminActivity ? [adminActivityEvent(change.adminActivity)] : []),
    ],
    via,
    alongside,
  );
}

/** The pseudo user whose events every open admin stream also hears (spec §2 live activity feed). */
export const ADMIN_CHANNEL = '__admins__';

type AdminActivity = 'profile' | 'message' | 'payment' | 'report';

function adminActivityEvent(kind: AdminActivity) {
  return { userIds: [ADMIN_CHANNEL], event: { type: 'admin-activity', kind } as const };
}

/** Tells admin dashboards that something worth listing happened; they re-read the feed. */
export async function announceAdminActivity(
  ctx: Pick<AppContext, 'events'>,
  kind: AdminActivity,
  via?: Db,
): Promise<void> {
  const { userIds, event } = adminActivityEvent(kind);
  await ctx.events.publish(userIds, event, via);
}
