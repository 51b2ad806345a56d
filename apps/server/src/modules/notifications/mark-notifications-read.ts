import { and, eq } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import type { AppContext } from '../../platform/context';

/**
 * Marks one notification read, or all of the caller's when no id is given. Scoped to the caller:
 * someone else's notification id changes nothing.
 */
export async function markNotificationsRead(
  ctx: Pick<AppContext, 'db'>,
  opts: { userId: string; notificationId?: string },
): Promise<void> {
  const scope = opts.notificationId
    ? and(eq(notifications.id, opts.notificationId), eq(notifications.userId, opts.userId))
    : and(eq(notifications.userId, opts.userId), eq(notifications.isRead, false));
  await ctx.db.update(notifications).set({ isRead: true }).where(scope);
}
