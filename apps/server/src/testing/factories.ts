import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { adminUsers, creatorCapacity, creatorStats } from '../db/schema';
import { createAccount, type ProfileFields } from '../modules/auth';
import type { Db } from '../platform/db';

export const TEST_PASSWORD = 'test-password-1';

/** A short random suffix: factories make unique data so tests need no cleanup and run in parallel. */
export function unique(prefix = 'u'): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

export async function createUser(db: Db, profile: ProfileFields = {}, email?: string) {
  const username = profile.username ?? unique('user');
  // Decision 0072: a creator's figures live in creator_stats (the profile's old columns are on their way
  // out), so the ones a test asks for are written there.
  const { responseRate, averageRating, reviewCount, avgResponseSeconds, ...fields } = profile;
  const user = await createAccount({
    db,
    email: email ?? `${username}@example.test`,
    password: TEST_PASSWORD,
    profile: { displayName: `User ${username}`, ...fields, username },
  });
  const figures = { responseRate, averageRating, reviewCount, avgResponseSeconds };
  if (Object.values(figures).some((value) => value !== undefined))
    await db.update(creatorStats).set(figures).where(eq(creatorStats.creatorId, user.id));
  return user;
}

/** Care's capacity settings, kept in creator_capacity since decision 0071. */
type CapacityFields = Partial<
  Pick<typeof creatorCapacity.$inferInsert, 'maxOpenMessages' | 'dailyMessageCap' | 'vacationUntil'>
>;

export async function createCreator(db: Db, fields: ProfileFields & CapacityFields = {}) {
  const { maxOpenMessages = null, dailyMessageCap = null, vacationUntil = null, ...profile } = fields;
  const creator = await createUser(db, {
    isCreator: true,
    intendedAccountType: 'creator',
    threadsOnboardingCompleted: true,
    isAvailable: true,
    messagePrice: 2500,
    responseRate: 95,
    ...profile,
  });
  if (maxOpenMessages !== null || dailyMessageCap !== null || vacationUntil !== null)
    await db.insert(creatorCapacity).values({ creatorId: creator.id, maxOpenMessages, dailyMessageCap, vacationUntil });
  return creator;
}

/** An account with an active admin_users row (spec §3 admin_users). */
export async function createAdmin(db: Db, role: 'super_admin' | 'admin' = 'super_admin') {
  const user = await createUser(db, { isAdmin: true, adminRole: role });
  await db.insert(adminUsers).values({ userId: user.id, role, isActive: true, permissions: {} });
  return user;
}
