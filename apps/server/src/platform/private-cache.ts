import type { FastifyInstance } from 'fastify';

/**
 * Security review L7: an API answer to a signed-in caller is about that caller (their profile,
 * conversations, notifications), so no browser or shared cache may keep it. Routes that chose a
 * header (public categories, the event stream) keep theirs; guests' public reads (browse, profiles)
 * keep their current headers.
 */
export function registerPrivateNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/') || !request.auth) return;
    if (reply.hasHeader('cache-control')) return;
    reply.header('cache-control', 'no-store');
  });
}
