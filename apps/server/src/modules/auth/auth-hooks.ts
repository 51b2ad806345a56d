import { AUTH_MESSAGES } from '@fanline/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adminUsers } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { resolveSession, SESSION_ABSOLUTE_MS, SESSION_COOKIE, type SessionRef } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session behind the request's cookie, or null for a guest. */
    auth: SessionRef | null;
  }
}

/** Identifies the caller from the session cookie on every /api request (no database read without a cookie). */
export function registerAuthHooks(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.auth = await resolveSession({ db: app.db, clock: app.clock, token });
  });
}

/** preHandler for route groups that need a signed-in user. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Authentication required');
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

/** The signed-in caller's id; use behind requireUser. */
export function userId(request: FastifyRequest): string {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  return request.auth.userId;
}

/** preHandler for admin-only routes: an active admin_users row (spec §6 Admin). */
export async function requireAdmin(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  const [row] = await this.db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.userId, request.auth.userId), eq(adminUsers.isActive, true)));
  if (!row) throw new AppError('FORBIDDEN', AUTH_MESSAGES.adminOnly);
}

export async function isActiveAdmin(app: FastifyInstance, userIdValue: string): Promise<boolean> {
  const [row] = await app.db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.userId, userIdValue), eq(adminUsers.isActive, true)));
  return Boolean(row);
}
