import { ZActivityRequest, ZCreatorMetrics } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCreatorMetrics } from '../modules/creators';
import { updateUserActivity } from '../modules/presence';
import { requireCreator, requireUser, userId } from '../platform/auth-guard';
import { AppError } from '../platform/errors';
import { parseTextPlainAsJson } from '../platform/text-plain-json';

const BEACON_BODY_LIMIT = 256;

/** spec §7 POST /api/activity (heartbeats and the unload beacon) and get_creator_metrics. */
export const presenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  // The unload beacon is text/plain (sendBeacon with a string); this plugin's scope reads it as JSON.
  parseTextPlainAsJson(app, { message: 'Body must be JSON', bodyLimit: BEACON_BODY_LIMIT });

  app.post(
    '/activity',
    { bodyLimit: BEACON_BODY_LIMIT, schema: { tags: ['presence'], body: ZActivityRequest } },
    async (request, reply) => {
      // text/plain is also what a cross-site form can send without a preflight. The session cookie is
      // SameSite=Lax (not sent on such posts) and the global Origin check refuses foreign origins;
      // on top, a text/plain post must prove it is same-origin: an Origin header (which that check
      // has already matched) or Sec-Fetch-Site: same-origin.
      const type = request.headers['content-type'] ?? '';
      if (
        type.startsWith('text/plain') &&
        !request.headers.origin &&
        request.headers['sec-fetch-site'] !== 'same-origin'
      )
        throw new AppError('FORBIDDEN', 'Cross-origin request refused.');
      await updateUserActivity(app, { userId: userId(request), status: request.body.status, now: app.clock.now() });
      return reply.status(204).send();
    },
  );

  app.get(
    '/creator/metrics',
    { schema: { tags: ['presence'], response: { 200: ZCreatorMetrics } } },
    async (request) => {
      const creatorId = userId(request);
      // Only creators get metrics (spec §6); anyone else is refused rather than shown zeros.
      await requireCreator(app, { userId: creatorId, message: 'Only creators have metrics' });
      return getCreatorMetrics(app.db, { creatorId, now: app.clock.now() });
    },
  );
};
