import { and, eq, sql } from 'drizzle-orm';
import { adminUsers, payoutAccounts, profiles, users } from '../../db/schema';
import type { Db } from '../../platform/db';

/** The signed-in user as GET /api/auth/session returns it (contracts ZSessionUser). */
export async function loadSessionUser(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      username: profiles.username,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      bio: profiles.bio,
      isCreator: profiles.isCreator,
      intendedAccountType: profiles.intendedAccountType,
      threadsOnboardingCompleted: profiles.threadsOnboardingCompleted,
      instagramUsername: profiles.instagramUsername,
      instagramVerified: profiles.instagramVerified,
      isAvailable: profiles.isAvailable,
      messagePrice: profiles.messagePrice,
      coverUrl: profiles.coverUrl,
      disciplines: profiles.disciplines,
      portfolioImages: profiles.portfolioImages,
      // Payments' payout account (decision 0071): no row, not onboarded.
      stripeOnboardingCompleted: sql<boolean>`coalesce(${payoutAccounts.onboardingCompleted}, false)`,
      timeZone: profiles.timeZone,
      adminRole: adminUsers.role,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(adminUsers, and(eq(adminUsers.userId, users.id), eq(adminUsers.isActive, true)))
    .leftJoin(payoutAccounts, eq(payoutAccounts.creatorId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const { emailVerifiedAt, adminRole, intendedAccountType, ...rest } = row;
  return {
    ...rest,
    intendedAccountType: intendedAccountType === 'creator' ? ('creator' as const) : ('customer' as const),
    emailConfirmed: emailVerifiedAt !== null,
    isAdmin: adminRole !== null,
    adminRole,
  };
}

export type SessionUser = NonNullable<Awaited<ReturnType<typeof loadSessionUser>>>;
