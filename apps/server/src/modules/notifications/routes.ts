import { ZNotificationsResponse } from '@fanline/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notifications } from '../../db/schema';
import { requireUser, userId } from '../../platform/auth-guard';

/** The bell popover (spec §2 Creator layout): the newest 10 and the unread count; mark one or all read. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.get(
    '/notifications',
    { schema: { tags: ['notifications'], response: { 200: ZNotificationsResponse } } },
    async (request) => {
      const me = userId(request);
      const [list, [unread]] = await Promise.all([
        app.db
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
          .where(eq(notifications.userId, me))
          .orderBy(desc(notifications.createdAt))
          .limit(10),
        app.db
          .select({ n: count() })
          .from(notifications)
          .where(and(eq(notifications.userId, me), eq(notifications.isRead, false))),
      ]);
      return {
        notifications: list as z.output<typeof ZNotificationsResponse>['notifications'],
        unreadCount: unread?.n ?? 0,
      };
    },
  );

  app.post(
    '/notifications/:id/read',
    { schema: { tags: ['notifications'], params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      // Scoped to the caller: someone else's notification id changes nothing.
      await app.db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.id, request.params.id), eq(notifications.userId, userId(request))));
      return reply.status(204).send();
    },
  );

  app.post('/notifications/read-all', { schema: { tags: ['notifications'] } }, async (request, reply) => {
    await app.db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, userId(request)), eq(notifications.isRead, false)));
    return reply.status(204).send();
  });
};
