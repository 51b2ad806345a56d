import type { ZNotificationsResponse } from '@fanline/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { notifications } from '../../db/schema';
import type { AppContext } from '../../platform/context';

/** The bell popover (spec §2 Creator layout): the newest 10 and the unread count. */
export async function listNotifications(
  ctx: Pick<AppContext, 'db'>,
  opts: { userId: string },
): Promise<z.output<typeof ZNotificationsResponse>> {
  const [list, [unread]] = await Promise.all([
    ctx.db
      .select({
        id: notifications.id,
        type: notifications.type,
        title: notifications.title,
        body: notifications.body,
        isRead: notifications.isRead,
        relatedEntityId: notifications.relatedEntityId,
        relatedEntityType: notifications.relatedEntityType,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, opts.userId))
      .orderBy(desc(notifications.createdAt))
      .limit(10),
    ctx.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, opts.userId), eq(notifications.isRead, false))),
  ]);
  return {
    notifications: list as z.output<typeof ZNotificationsResponse>['notifications'],
    unreadCount: unread?.n ?? 0,
  };
}
