import type { FastifyInstance, FastifyReply } from 'fastify';
import { sessionCache } from './session-cache';
import { resolveSession, SESSION_ABSOLUTE_MS, SESSION_COOKIE } from './sessions';

/**
 * Identifies the caller from the session cookie on every /api request (no database read without a
 * cookie). The guards that read `request.auth` live in platform/auth-guard.ts.
 */
export function registerAuthHooks(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  // Sessions ended anywhere (sign-out, password change or reset on any instance, announced through
  // the event bus): this instance's cache forgets those users' rows, so it reads them again.
  app.events.onAnySessionsEnded((userIds) => {
    const ended = new Set(userIds);
    sessionCache.forget(app.db, (row) => ended.has(row.userId));
  });
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.auth = await resolveSession({ db: app.db, clock: app.clock, token, cacheMs: app.config.sessionCacheMs });
  });
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.publicUrl.startsWith('https://'),
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.publicUrl.startsWith('https://'),
  });
}
