import { AUTH_MESSAGES } from '@fanline/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminUsers, profiles } from '../db/schema';
import type { Db } from './db';
import { AppError } from './errors';

/** Who is behind a request: set by the auth module's session hook (modules/auth/session-hook.ts). */
export interface SessionRef {
  sessionId: string;
  userId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session behind the request's cookie, or null for a guest. */
    auth: SessionRef | null;
  }
}

/** preHandler for route groups that need a signed-in user. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Authentication required');
}

/** The signed-in caller's id; use behind requireUser. */
export function userId(request: FastifyRequest): string {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  return request.auth.userId;
}

/** preHandler for admin-only routes: an active admin_users row (spec §6 Admin). */
export async function requireAdmin(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  if (!(await isActiveAdmin(this, request.auth.userId))) throw new AppError('FORBIDDEN', AUTH_MESSAGES.adminOnly);
}

export async function isActiveAdmin(ctx: { db: Db }, userIdValue: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.userId, userIdValue), eq(adminUsers.isActive, true)));
  return Boolean(row);
}

/**
 * Refuses a caller who is not a creator with a 403 and the caller's own sentence (each creator-only
 * feature words it for itself: "Only creators have an inbox.", …).
 */
export async function requireCreator(ctx: { db: Db }, opts: { userId: string; message: string }): Promise<void> {
  const [me] = await ctx.db
    .select({ isCreator: profiles.isCreator })
    .from(profiles)
    .where(eq(profiles.id, opts.userId));
  if (!me?.isCreator) throw new AppError('FORBIDDEN', opts.message);
}
