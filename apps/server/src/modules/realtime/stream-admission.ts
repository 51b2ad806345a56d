import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientKey } from '../../platform/client-key';
import { AppError } from '../../platform/errors';

/**
 * Open tabs of one user need a few streams; more is a flood (security review M2). Held across the
 * cluster by the stream leases (stream-leases.ts); the pre-check below applies it per instance first.
 */
export const MAX_STREAMS_PER_USER = 6;
/** A household or office behind one address may hold a few users' tabs. Across the cluster, as above. */
export const MAX_STREAMS_PER_ADDRESS = 12;

/**
 * Admits stream requests before anything reads the database: per address, and per session cookie,
 * the open streams plus the requests still being checked stay under the caps. A flood of requests
 * is thus refused without a session lookup each (PGlite runs queries on the event loop), so it
 * cannot crowd out /api/health or sign-in. This count is per instance, a cheap first gate; the route
 * then counts the cluster's live leases (issue 27). Register it after the cookie plugin, before the auth hooks;
 * `sessionOf` names the request's session (auth's cookie, hashed) without realtime knowing auth.
 */
export function registerStreamAdmission(
  app: FastifyInstance,
  opts: { sessionOf: (request: FastifyRequest) => string | undefined },
): void {
  const perAddress = new Map<string, number>();
  const perSession = new Map<string, number>();
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.url.split('?')[0] !== '/api/events') return;
    // An IPv6 client counts as its /64 (security review F1), as in the cluster's leases.
    const address = clientKey(request.ip);
    // Without a session cookie the request is refused (401) without a database read anyway.
    const session = opts.sessionOf(request);
    if (
      (perAddress.get(address) ?? 0) >= MAX_STREAMS_PER_ADDRESS ||
      (session && (perSession.get(session) ?? 0) >= MAX_STREAMS_PER_USER)
    ) {
      app.metrics.streamsRefused.inc({ gate: 'instance' });
      throw tooManyStreams();
    }
    adjust(perAddress, address, 1);
    if (session) adjust(perSession, session, 1);
    // Released when the answer is sent (a refusal) or the stream ends, whichever way it ends.
    reply.raw.once('close', () => {
      adjust(perAddress, address, -1);
      if (session) adjust(perSession, session, -1);
    });
  });
}

export function tooManyStreams(): AppError {
  return new AppError('RATE_LIMITED', 'Too many live connections are open. Close another tab and try again.');
}

export function adjust(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
