import { LIMITS, ZAttachment } from '@fanline/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userId } from '../../platform/auth-guard';
import { readSingleFileUpload } from '../../platform/upload';
import { readAttachment } from './read-attachment';
import { storeAttachment } from './store-attachment';

/**
 * Images sent with messages (issue #13): upload one (multipart field "file"), then pass its id in
 * `attachmentIds` of a checkout, reply or follow-up. Served here, never from /uploads.
 */
export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);
  await app.register(multipart, { limits: { fileSize: LIMITS.imageBytes.max, files: 1, fields: 0 } });

  app.post(
    '/attachments',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['messages'],
        summary: 'Upload an image to send with a message (multipart field "file"; JPG, PNG, GIF or WebP, 5 MB)',
        response: { 201: ZAttachment },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await storeAttachment(app, { ownerId: userId(request), bytes: await readSingleFileUpload(request) })),
  );

  app.get(
    '/attachments/:id',
    { schema: { tags: ['messages'], params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const { stream, bytes } = await readAttachment(app, { id: request.params.id, viewerId: userId(request) });
      return reply
        .type('image/webp')
        .header('content-length', bytes)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(stream);
    },
  );
};
