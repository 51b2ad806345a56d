import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import { isSessionLive, liveSessionIds } from '../modules/auth';
import { ADMIN_CHANNEL, createStreamLeases, followStream, LEASE_REFRESH_MS, type SendEvent } from '../modules/realtime';
import { isActiveAdmin, requireUser } from '../platform/auth-guard';
import { clientKey } from '../platform/client-key';
import { AppError } from '../platform/errors';
import { createStreamHeartbeat } from './stream-heartbeat';

/**
 * A draining instance's parting hint (decision 0033): the browser's EventSource waits `retry` ms and
 * reconnects, through the balancer, to an instance that is not draining. Spread at random over a
 * window of at least a second, longer the more streams are told at once (issue 39: one second per
 * STREAM_RECONNECTS_PER_SECOND streams, 1,000 by default: 10,000 streams over 10 s, which the other
 * instances admit without queueing), so the tabs of a stopping instance do not all land at once.
 */
export function reconnectHint(streams = 1, perSecond = 1000): string {
  const window = Math.max(1000, Math.ceil((streams / perSecond) * 1000));
  return `retry: ${500 + Math.floor(Math.random() * window)}\n: instance draining, reconnect\n\n`;
}

/**
 * GET /api/events: Server-Sent Events for the signed-in user's open tabs (notifications and message
 * changes). Events carry ids only; the page re-reads what changed through the normal API. A stream
 * lasts only as long as its session: the instance re-checks all its streams' sessions on every
 * heartbeat in one statement (stream-heartbeat.ts), and a stream re-checks its own at once when
 * any instance announces that sessions of its user ended (sign-out, password change or reset).
 * Every event carries its cluster-wide `id:`; a stream that comes back with `Last-Event-ID` (on this
 * instance or another) first gets what it missed, or a `resync` event when that is no longer known.
 */
export const realtimeRoutes: FastifyPluginAsync = async (app) => {
  // Open streams end when the server closes, or a graceful shutdown would wait on them forever.
  const open = new Set<(last?: string) => void>();
  // Issue 27: the per-user and per-address caps are counted across the cluster (stream-leases.ts).
  const leases = createStreamLeases(app, app.config.instanceId);
  let refreshing: NodeJS.Timeout | undefined;
  const heartbeat = createStreamHeartbeat({ db: app.db, clock: app.clock, log: app.log, liveSessionIds });
  app.addHook('onReady', async () => {
    heartbeat.start();
    refreshing = setInterval(() => {
      leases.refresh().catch((error: unknown) => app.log.warn({ err: error }, 'could not refresh stream leases'));
    }, LEASE_REFRESH_MS);
    refreshing.unref();
  });
  // A rolling deploy (SIGTERM) tells every stream at once to reconnect elsewhere; a close without a
  // drain (tests, a failed start) does the same.
  const endAll = () => {
    const told = open.size;
    for (const end of [...open]) end(reconnectHint(told, app.config.shutdown.reconnectsPerSecond));
  };
  app.drain.onDrain(endAll);
  app.addHook('preClose', async () => {
    clearInterval(refreshing);
    heartbeat.stop();
    // One statement for all of this instance's leases, while the database is still there.
    const releasing = leases.releaseAll();
    endAll();
    await releasing.catch((error: unknown) => app.log.warn({ err: error }, 'could not release stream leases'));
  });

  app.get(
    '/events',
    { preHandler: requireUser, schema: { tags: ['realtime'], hide: true } },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth) throw new AppError('UNAUTHENTICATED', 'Authentication required');
      const me = auth.userId;
      const admin = await isActiveAdmin(app, me);
      const leaseId = await leases.acquire({ userId: me, address: clientKey(request.ip) }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'RATE_LIMITED')
          app.metrics.streamsRefused.inc({ gate: 'cluster' });
        throw error;
      });
      reply.hijack();
      if (request.raw.destroyed) {
        void leases.release(leaseId);
        return;
      }
      const res = reply.raw;
      res.writeHead(200, {
        // Security review I2: a hijacked answer skips Fastify's sending, so the security headers the
        // reply already holds (CSP, nosniff, HSTS, Permissions-Policy, …) are written here.
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: app.drain.active ? 'close' : 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      if (app.drain.active) {
        // Reached a draining instance (a kept-alive connection): a 200 that ends at once makes the
        // browser reconnect; an error status would make EventSource give up for good.
        void leases.release(leaseId);
        res.end(reconnectHint());
        return;
      }
      res.write(`retry: 3000\n: connected\n\n`);
      app.metrics.openStreams.inc();
      let closed = false;
      const send: SendEvent = (event, id) => {
        if (closed) return;
        const idLine = id === null ? '' : `id: ${id}\n`;
        res.write(event ? `${idLine}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n` : `${idLine}\n`);
      };
      // Admins' tabs also hear the platform's activity (the admin dashboard's live feed).
      const channels = admin ? [me, ADMIN_CHANNEL] : [me];
      // What it missed (Last-Event-ID) or resync, then live events (realtime's stream-feed.ts).
      const unsubscribe = followStream(app.events, { lastEventId: request.headers['last-event-id'], channels, send });
      /** A revocation was announced: ends the stream at once if its session is gone. */
      const recheck = async () => {
        let live = true;
        try {
          live = await isSessionLive({ db: app.db, clock: app.clock, sessionId: auth.sessionId });
        } catch (error) {
          request.log.warn({ err: error }, 'could not re-check the session of an event stream');
        }
        if (closed) return;
        if (!live) end();
      };
      const stopRevocations = app.events.onSessionsEnded(me, () => void recheck());
      // Pinged, or ended when its session is gone, with all of this instance's streams (one statement).
      const stopHeartbeat = heartbeat.add({
        sessionId: auth.sessionId,
        ping: () => {
          if (!closed) res.write(': ping\n\n');
        },
        end: () => end(),
      });
      const close = () => {
        if (closed) return;
        closed = true;
        stopHeartbeat();
        unsubscribe();
        stopRevocations();
        void leases.release(leaseId);
        app.metrics.openStreams.dec();
        open.delete(end);
      };
      /** Ends the stream, with a last word for the browser (the reconnect hint) when there is one. */
      const end = (last?: string) => {
        close();
        res.end(last);
      };
      open.add(end);
      request.raw.on('close', close);
    },
  );
};
