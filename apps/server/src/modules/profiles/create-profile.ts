import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { Db } from '../../platform/db';

/** The columns a new profile may be created with, besides its id (the account's) and email. */
export type TNewProfile = Partial<Omit<typeof profiles.$inferInsert, 'id' | 'email'>> & { username: string };

/**
 * The profile of a new account, inside the transaction that creates the account (spec §4 Profile
 * creation). Sign-up judges the username and display name first (`assertUsernameAllowed`); demo data
 * and test factories create the names they mean to, reserved ones included (the super admin's `admin`).
 */
export async function createProfile(tx: Db, opts: { id: string; email: string; profile: TNewProfile }) {
  const [row] = await tx
    .insert(profiles)
    .values({ ...opts.profile, id: opts.id, email: opts.email })
    .returning();
  if (!row) throw new Error('profile insert returned nothing');
  return row;
}

/**
 * Mirrors an admin grant on the profile (`is_admin`, `admin_role`); `admin_users` (auth's) is what
 * access is decided by.
 */
export async function recordAdminRole(tx: Db, opts: { userId: string; role: string }): Promise<void> {
  await tx.update(profiles).set({ isAdmin: true, adminRole: opts.role }).where(eq(profiles.id, opts.userId));
}
