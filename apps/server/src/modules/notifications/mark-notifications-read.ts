import { and, eq, inArray } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';

/**
 * Marks one notification read, or all of the caller's when no id is given. Scoped to the caller:
 * someone else's notification id changes nothing and answers 404, as every other foreign id does
 * (security review I4).
 */
export async function markNotificationsRead(
  ctx: Pick<AppContext, 'db'>,
  opts: { userId: string; notificationId?: string },
): Promise<void> {
  const scope = opts.notificationId
    ? and(eq(notifications.id, opts.notificationId), eq(notifications.userId, opts.userId))
    : and(eq(notifications.userId, opts.userId), eq(notifications.isRead, false));
  const marked = await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(scope)
    .returning({ id: notifications.id });
  if (opts.notificationId && marked.length === 0) throw notFound('Notification not found');
}

/**
 * Issue 36 §11: opening a conversation reads what the bell said about it. Marks the caller's unread
 * notifications about any of these messages read; answers the ids that changed (none: nothing to announce).
 */
export async function markMessageNotificationsRead(
  ctx: Pick<AppContext, 'db'>,
  opts: { userId: string; messageIds: readonly string[] },
): Promise<string[]> {
  if (opts.messageIds.length === 0) return [];
  const changed = await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.userId, opts.userId),
        eq(notifications.isRead, false),
        inArray(notifications.relatedEntityId, [...opts.messageIds]),
      ),
    )
    .returning({ id: notifications.id });
  return changed.map((row) => row.id);
}
