import { ZNotificationsResponse } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userId } from '../../platform/auth-guard';
import { listNotifications } from './list-notifications';
import { markNotificationsRead } from './mark-notifications-read';

/** The bell popover (spec §2 Creator layout): the newest 10 and the unread count; mark one or all read. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.get(
    '/notifications',
    { schema: { tags: ['notifications'], response: { 200: ZNotificationsResponse } } },
    async (request) => listNotifications(app, { userId: userId(request) }),
  );

  app.post(
    '/notifications/:id/read',
    { schema: { tags: ['notifications'], params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      await markNotificationsRead(app, { userId: userId(request), notificationId: request.params.id });
      return reply.status(204).send();
    },
  );

  app.post('/notifications/read-all', { schema: { tags: ['notifications'] } }, async (request, reply) => {
    await markNotificationsRead(app, { userId: userId(request) });
    return reply.status(204).send();
  });
};
