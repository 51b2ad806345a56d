import { ADMIN_MESSAGES, type TAdminRole } from '@fanline/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminUsers, users } from '../db/schema';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';

export interface AdminCaller {
  id: string;
  email: string;
  role: TAdminRole;
  permissions: Record<string, boolean>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the /api/admin guard for the routes behind it. */
    admin: AdminCaller | null;
  }
}

const ALL_PERMISSIONS = ['users', 'messages', 'transactions', 'moderation', 'settings', 'support'] as const;

/** The caller's active admin_users row, or null (spec §6 Admin). */
export async function loadAdmin(ctx: Pick<AppContext, 'db'>, opts: { userId: string }): Promise<AdminCaller | null> {
  const { userId } = opts;
  const [row] = await ctx.db
    .select({ role: adminUsers.role, permissions: adminUsers.permissions, email: users.email })
    .from(adminUsers)
    .innerJoin(users, eq(users.id, adminUsers.userId))
    .where(and(eq(adminUsers.userId, userId), eq(adminUsers.isActive, true)));
  if (!row) return null;
  const role: TAdminRole = row.role === 'super_admin' ? 'super_admin' : 'admin';
  // A super admin holds every permission whatever the stored object says (spec §3 admin_users).
  const permissions = Object.fromEntries(
    ALL_PERMISSIONS.map((p) => [p, role === 'super_admin' || row.permissions[p] !== false]),
  );
  return { id: userId, email: row.email, role, permissions };
}

/** The one guard of the /api/admin subtree (ARCHITECTURE §8): signed in and an active admin. */
export async function adminGuard(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  const admin = await loadAdmin(this, { userId: request.auth.userId });
  if (!admin) throw new AppError('FORBIDDEN', ADMIN_MESSAGES.accessDenied);
  request.admin = admin;
}

export function currentAdmin(request: FastifyRequest): AdminCaller {
  if (!request.admin) throw new AppError('FORBIDDEN', ADMIN_MESSAGES.accessDenied);
  return request.admin;
}

/** spec §6: Make Creator and Feature/Unfeature belong to super admins; enforced here, not only hidden. */
export function requireSuperAdmin(request: FastifyRequest): AdminCaller {
  const admin = currentAdmin(request);
  if (admin.role !== 'super_admin') throw new AppError('FORBIDDEN', 'Only a super admin can do this.');
  return admin;
}

export function requirePermission(request: FastifyRequest, permission: (typeof ALL_PERMISSIONS)[number]) {
  const admin = currentAdmin(request);
  if (!admin.permissions[permission]) throw new AppError('FORBIDDEN', 'Your admin role does not allow this.');
  return admin;
}
