import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { placeholders } from '../../platform/prepared';
import { type DeliverHere, notifyCall } from './event-bus';

/**
 * After a message changes and its notification is committed: the notified person's tabs hear of the
 * notification, and both participants' tabs hear of the message change (and, with `adminActivity`,
 * admin dashboards of the activity), in this order. A paid message going live says the same inside
 * its own transaction (messageChangeNotices). With `via` (the change's transaction) the words go out
 * with its commit and never if it rolls back; call the returned DeliverHere once it has committed, so
 * this instance's own streams hear of it at once.
 */
export async function announceMessageChange(
  ctx: Pick<AppContext, 'events'>,
  change: MessageChange,
  via?: Db,
): Promise<DeliverHere> {
  return ctx.events.publishAll(messageChangeEvents(change), via);
}

type MessageChange = {
  notify: { userId: string; notificationId: string };
  participants: [string, string];
  messageId: string;
  conversationId: string;
  status: string;
  /** Also tells admin dashboards, in the same statement (announceAdminActivity's event). */
  adminActivity?: AdminActivity;
};

function messageChangeEvents(change: MessageChange) {
  return [
    {
      userIds: [change.notify.userId],
      event: { type: 'notification', notificationId: change.notify.notificationId } as const,
    },
    {
      userIds: change.participants,
      event: {
        type: 'message',
        messageId: change.messageId,
        conversationId: change.conversationId,
        status: change.status,
      } as const,
    },
    ...(change.adminActivity ? [adminActivityEvent(change.adminActivity)] : []),
  ];
}

/**
 * announceMessageChange's words as a part of the caller's own statement, rendered once with
 * placeholders under `prefix` (a paid message's statement: issue 14, SSE delivery; decision 0017
 * round 6). The part is for changes with an admin event or without, as built; `fill` numbers one
 * change's events on this instance's bus and gives what to call once the transaction has committed.
 */
export function messageChangeNotices(prefix: string, opts: { adminActivity: boolean }) {
  const { p, fill } = placeholders(prefix);
  const count = opts.adminActivity ? 3 : 2;
  const names = Array.from({ length: count }, (_, i) => `event${i}`);
  return {
    sql: sql.join(
      names.map((name) => notifyCall(p(name))),
      sql`, `,
    ),
    fill(ctx: Pick<AppContext, 'events'>, change: MessageChange) {
      if (Boolean(change.adminActivity) !== opts.adminActivity)
        throw new Error('announcement part built for another change');
      const { payloads, deliverHere } = ctx.events.stage(messageChangeEvents(change));
      return { values: fill(Object.fromEntries(names.map((name, i) => [name, payloads[i]]))), deliverHere };
    },
  };
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
