import {
  BLOCK_MESSAGES,
  ZBlockedFans,
  ZBlockParams,
  ZBlockResult,
  ZCapacity,
  ZCapacitySettings,
} from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blockFan } from '../flows';
import { getCapacity, listBlockedFans, unblockFan, updateCapacity } from '../modules/care';
import { requireCreator, requireUser, userId } from '../platform/auth-guard';

/**
 * Issue #13 creator care: capacity settings (limits and vacation) and whether they pause checkout
 * now, and the fans a creator blocked.
 */
export const careRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.get('/creator/capacity', { schema: { tags: ['creator care'], response: { 200: ZCapacity } } }, async (request) =>
    getCapacity(app, { creatorId: userId(request) }),
  );

  app.put(
    '/creator/capacity',
    {
      schema: {
        tags: ['creator care'],
        body: ZCapacitySettings,
        response: { 200: ZCapacity },
      },
    },
    async (request) => updateCapacity(app, { creatorId: userId(request), settings: request.body }),
  );

  // Blocked senders: creators only (a fan has no one to block).
  const creatorOnly = async (id: string) => {
    await requireCreator(app, { userId: id, message: BLOCK_MESSAGES.creatorsOnly });
    return id;
  };

  app.get(
    '/creator/blocks',
    { schema: { tags: ['creator care'], summary: 'Creators: the fans they blocked', response: { 200: ZBlockedFans } } },
    async (request) => listBlockedFans(app, { creatorId: await creatorOnly(userId(request)) }),
  );

  app.put(
    '/creator/blocks/:fanId',
    {
      schema: {
        tags: ['creator care'],
        summary: 'Creators: block a fan (idempotent); their open paid messages are released at once',
        params: ZBlockParams,
        response: { 200: ZBlockResult },
      },
    },
    async (request) => blockFan(app, { creatorId: userId(request), fanId: request.params.fanId }),
  );

  app.delete(
    '/creator/blocks/:fanId',
    {
      schema: {
        tags: ['creator care'],
        summary: 'Creators: unblock a fan (idempotent)',
        params: ZBlockParams,
      },
    },
    async (request, reply) => {
      await unblockFan(app, { creatorId: await creatorOnly(userId(request)), fanId: request.params.fanId });
      return reply.code(204).send();
    },
  );
};
