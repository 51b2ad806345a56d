import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { hashPassword } from '../../platform/password';
import { createProfile, type TNewProfile } from '../profiles';

/** Decision 0071: the payout account and capacity left the profile; their old columns are not written. */
type MovedOut =
  | 'stripeAccountId'
  | 'stripeOnboardingCompleted'
  | 'payoutAccountState'
  | 'maxOpenMessages'
  | 'dailyMessageCap'
  | 'vacationUntil';

export type ProfileFields = Omit<Partial<TNewProfile>, MovedOut>;

export interface CreateAccountOptions {
  db: Db;
  email: string;
  password: string;
  emailVerified?: boolean;
  profile: ProfileFields & { username: string };
}

/** An account with its profile, as sign-up makes it; used by demo data and test factories alike. */
export async function createAccount({ db, email, password, emailVerified = true, profile }: CreateAccountOptions) {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, emailVerifiedAt: emailVerified ? new Date() : null })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert returned nothing');
    return createProfile(tx, { id: user.id, email, profile });
  });
}

/** Gives an account a new password (the demo seed retiring a published one); sessions are not touched. */
export async function setAccountPassword(db: Db, opts: { userId: string; password: string }): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(opts.password) })
    .where(eq(users.id, opts.userId));
}
