import { ZCapacity, ZCapacitySettings } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, userId } from '../../platform/auth-guard';
import { getCapacity, updateCapacity } from './capacity-settings';

/** Issue #13 creator care: capacity settings (limits and vacation) and whether they pause checkout now. */
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
        summary: 'Creators: the most open paid messages, a daily cap, and vacation until a date (null: none)',
        body: ZCapacitySettings,
        response: { 200: ZCapacity },
      },
    },
    async (request) => updateCapacity(app, { creatorId: userId(request), settings: request.body }),
  );
};
