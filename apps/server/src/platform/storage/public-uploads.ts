import type { FastifyInstance } from 'fastify';
import { type ObjectStorage, publicKeyOfUrl } from './object-storage';

/**
 * The public images (avatars, covers, portfolios) at /uploads/<folder>/<file>, read through the
 * storage driver, so every instance serves every image whichever instance stored it, while the
 * bucket itself stays private (decision 0032). Only `public/` keys are reachable: an attachment, a
 * dot-segment or any other path is the same 404 as an image that does not exist.
 */
export async function publicUploadRoutes(app: FastifyInstance, storage: ObjectStorage): Promise<void> {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = publicKeyOfUrl(`/uploads/${(request.params as { '*': string })['*']}`);
    const object = key ? await storage.get(key) : null;
    if (!object) return reply.callNotFound();
    reply
      .type(object.contentType)
      .header('content-length', object.bytes)
      // What the static file server sent: an hour in any cache (a new upload gets a new name).
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff');
    if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
    if (object.etag) {
      reply.header('etag', object.etag);
      if (request.headers['if-none-match'] === object.etag) {
        object.body.destroy();
        return reply.status(304).removeHeader('content-length').send();
      }
    }
    return reply.send(object.body);
  });
}
