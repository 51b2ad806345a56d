import type { TRealtimeEvent } from '@fanline/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { isActiveAdmin, requireUser, userId } from '../auth/auth-hooks';
import { ADMIN_CHANNEL } from './announce';

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: Server-Sent Events for the signed-in user's open tabs (notifications and message
 * changes). Events carry ids only; the page re-reads what changed through the normal API.
 */
export const realtimeRoutes: FastifyPluginAsync = async (app) => {
  // Open streams end when the server closes, or a graceful shutdown would wait on them forever.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(
    '/events',
    { preHandler: requireUser, schema: { tags: ['realtime'], hide: true } },
    async (request, reply) => {
      const me = userId(request);
      const admin = await isActiveAdmin(app, me);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write(`retry: 3000\n: connected\n\n`);
      const send = (event: TRealtimeEvent) => {
        res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const unsubscribeOwn = app.events.subscribe(me, send);
      // Admins' tabs also hear the platform's activity (the admin dashboard's live feed).
      const unsubscribeAdmin = admin ? app.events.subscribe(ADMIN_CHANNEL, send) : () => {};
      const unsubscribe = () => {
        unsubscribeOwn();
        unsubscribeAdmin();
      };
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      const close = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
      };
      const end = () => {
        close();
        res.end();
      };
      open.add(end);
      request.raw.on('close', close);
    },
  );
};
