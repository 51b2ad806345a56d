import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { adminUsers, profiles, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { verifyPassword } from '../../platform/password';
import { recordAdminRole } from '../profiles';
import { createAccount } from './create-account';

const ALL_PERMISSIONS = { users: true, messages: true, transactions: true, moderation: true, settings: true };

export class SuperAdminError extends Error {
  override name = 'SuperAdminError';
}

export type SuperAdminOutcome = 'created' | 'promoted' | 'unchanged';

/**
 * Makes the configured account (ADMIN_EMAIL / ADMIN_PASSWORD, ARCHITECTURE §4) the active super admin:
 * creates it when missing; promotes an existing account only when ADMIN_PASSWORD is its password, so
 * whoever signed up first with that address cannot become admin; never changes the password of an
 * account that already is the super admin (it may have been changed in the app since).
 */
export async function ensureSuperAdmin(
  db: Db,
  admin: { email: string; password: string | undefined },
): Promise<SuperAdminOutcome> {
  const email = admin.email.toLowerCase();
  const [existing] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, role: adminUsers.role, active: adminUsers.isActive })
    .from(users)
    .leftJoin(adminUsers, eq(adminUsers.userId, users.id))
    .where(sql`lower(${users.email}) = ${email}`);

  if (!existing) {
    if (!admin.password) {
      throw new SuperAdminError(`ADMIN_PASSWORD: required to create the super admin account ${admin.email}`);
    }
    const profile = await createAccount({
      db,
      email,
      password: admin.password,
      profile: {
        username: await freeUsername(db),
        displayName: 'Fanline Admin',
        isAdmin: true,
        adminRole: 'super_admin',
      },
    });
    await grant(db, profile.id);
    return 'created';
  }

  if (existing.role === 'super_admin' && existing.active) return 'unchanged';
  const owns =
    admin.password !== undefined &&
    existing.passwordHash !== null &&
    (await verifyPassword(existing.passwordHash, admin.password));
  if (!owns) {
    throw new SuperAdminError(
      `ADMIN_EMAIL: ${admin.email} belongs to an existing account that is not the super admin; set ADMIN_PASSWORD to that account's password to make it the super admin`,
    );
  }
  await grant(db, existing.id);
  return 'promoted';
}

/** True when some account is an active super admin. */
export async function hasSuperAdmin(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, 'super_admin'), eq(adminUsers.isActive, true)))
    .limit(1);
  return Boolean(row);
}

async function grant(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx
      .insert(adminUsers)
      .values({ userId, role: 'super_admin', isActive: true, permissions: ALL_PERMISSIONS })
      .onConflictDoUpdate({
        target: adminUsers.userId,
        set: { role: 'super_admin', isActive: true, permissions: ALL_PERMISSIONS, updatedAt: new Date() },
      });
    await recordAdminRole(tx, { userId, role: 'super_admin' });
  });
}

async function freeUsername(db: Db): Promise<string> {
  for (const candidate of ['admin', `admin_${randomBytes(3).toString('hex')}`]) {
    const [taken] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(sql`lower(${profiles.username}) = ${candidate}`);
    if (!taken) return candidate;
  }
  return `admin_${randomBytes(6).toString('hex')}`;
}
