import {
  ZNotificationsResponse,
  ZPushPublicKey,
  ZPushSubscribeRequest,
  ZPushUnsubscribeRequest,
} from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userId } from '../../platform/auth-guard';
import { listNotifications } from './list-notifications';
import { markNotificationsRead } from './mark-notifications-read';
import { pushSetup } from './push-keys';
import { removePushSubscription, savePushSubscription } from './push-subscriptions';

/** A browser's subscription is under 1 KB; anything much bigger is not one. */
const PUSH_BODY_LIMIT = 4096;

/**
 * The bell popover (spec §2 Creator layout): the newest 10 and the unread count; mark one or all read.
 * Web Push (issue 26): the server's public key, and subscribing or forgetting this browser.
 */
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

  app.get('/push/public-key', { schema: { tags: ['notifications'], response: { 200: ZPushPublicKey } } }, async () => ({
    publicKey: pushSetup(app.config).keys?.publicKey ?? null,
  }));

  app.post(
    '/push/subscriptions',
    {
      bodyLimit: PUSH_BODY_LIMIT,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['notifications'], body: ZPushSubscribeRequest },
    },
    async (request, reply) => {
      await savePushSubscription(app, { userId: userId(request), subscription: request.body });
      return reply.status(204).send();
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      bodyLimit: PUSH_BODY_LIMIT,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['notifications'], body: ZPushUnsubscribeRequest },
    },
    async (request, reply) => {
      await removePushSubscription(app, { userId: userId(request), endpoint: request.body.endpoint });
      return reply.status(204).send();
    },
  );
};
