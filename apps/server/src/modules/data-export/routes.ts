import { ZDataExportState } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userId } from '../../platform/auth-guard';
import { stateOf } from './data-export-state';
import { readDataExport } from './read-data-export';
import { requestDataExport } from './request-data-export';

/**
 * "Download my data" (issue 41 point 1, decision 0057): ask for a copy, follow it, download it. Every
 * route is the signed-in person's own: there is no id of another person to pass.
 */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.get(
    '/me/data-export',
    {
      schema: {
        tags: ['profile'],
        summary: 'The latest copy of my data: preparing, ready (with its download) or expired',
        response: { 200: ZDataExportState },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'private, no-store').send(await stateOf(app, userId(request))),
  );

  app.post(
    '/me/data-export',
    {
      // One export in preparation at a time (409 otherwise); this bounds how fast they can follow.
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags: ['profile'],
        summary: 'Ask for a copy of my data (a zip, built in the background and mailed as a link)',
        response: { 202: ZDataExportState },
      },
    },
    async (request, reply) => reply.status(202).send(await requestDataExport(app, { userId: userId(request) })),
  );

  app.get(
    '/me/data-export/:id/download',
    { schema: { tags: ['profile'], params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const { stream, bytes, fileName } = await readDataExport(app, {
        id: request.params.id,
        viewerId: userId(request),
      });
      return reply
        .type('application/zip')
        .header('content-length', bytes)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );
};
