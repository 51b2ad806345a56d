import { VITALS, ZVitalsBeacon } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseTextPlainAsJson } from '../../platform/text-plain-json';
import { recordVitals } from './record-vitals';

/**
 * POST /api/vitals: a visitor's browser reports one page load's Web Vitals (decision 0038). No session
 * is needed and none is read; the Origin check of every POST applies (navigator.sendBeacon sends it).
 * `sendBeacon` with a string sends text/plain, so that is parsed as JSON here too, within this plugin.
 */
export const vitalsRoutes: FastifyPluginAsyncZod = async (app) => {
  parseTextPlainAsJson(app, { message: 'The beacon is not JSON.' });

  app.post(
    '/vitals',
    {
      bodyLimit: VITALS.maxBodyBytes,
      config: { rateLimit: { max: app.config.vitals.perAddressPerMinute, timeWindow: '1 minute' } },
      schema: { tags: ['vitals'], body: ZVitalsBeacon },
    },
    async (request, reply) => {
      await recordVitals(app, { beacon: request.body });
      return reply.status(204).send();
    },
  );
};
