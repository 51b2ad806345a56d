import { ZActivityRequest, ZCreatorMetrics } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCreatorMetrics } from '../modules/creators';
import { updateUserActivity } from '../modules/presence';
import { requireCreator, requireUser, userId } from '../platform/auth-guard';
import { AppError } from '../platform/errors';

const BEACON_BODY_LIMIT = 256;

/** spec §7 POST /api/activity (heartbeats and the unload beacon) and get_creator_metrics. */
export const presenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  // navigator.sendBeacon with a string body sends text/plain, which a page cannot give a JSON type
  // without a preflight. This plugin's scope (only these routes) reads text/plain as JSON; the zod
  // body schema still decides what is valid.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: BEACON_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new AppError('BAD_REQUEST', 'Body must be JSON'), undefined);
      }
    },
  );

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
      await updateUserActivity(app.db, { userId: userId(request), status: request.body.status, now: app.clock.now() });
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
