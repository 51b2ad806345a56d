import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  const name = sessionCookieName(app);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[name];
    const carried = !token && name !== SESSION_COOKIE ? request.cookies[SESSION_COOKIE] : undefined;
    if (!token && !carried) return;
    request.auth = await resolveSession({
      db: app.db,
      clock: app.clock,
      token: token ?? carried ?? '',
      cacheMs: app.config.sessionCacheMs,
    });
    if (carried) {
      // A session from before the __Host- name (decision 0044): carried over on its next request,
      // under the new name, and the old cookie cleared. One that has ended is just cleared.
      if (request.auth) setSessionCookie(app, reply, carried);
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: true });
    }
  });
}

/**
 * The session cookie's name: `__Host-fanline_session` when the site is served over https (decision
 * 0044, ASVS V3.3.1: the browser then only takes it Secure, Path=/ and without Domain, so no sibling
 * host can set or shadow it), `fanline_session` on a plain-HTTP demo or lab, where browsers refuse it.
 */
export function sessionCookieName(app: FastifyInstance): string {
  return app.config.publicUrl.startsWith('https://') ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** The session token the request carries, under either name (see registerAuthHooks' carry-over). */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookieName(request.server)] ?? request.cookies[SESSION_COOKIE];
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(sessionCookieName(app), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.publicUrl.startsWith('https://'),
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(app), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.publicUrl.startsWith('https://'),
  });
}
