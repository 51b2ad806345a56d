import { AUTH_MESSAGES } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/password';
import { attemptsSoFar, clearAttempts, countAttempt, EMAIL_CEILING_FACTOR } from '../../platform/rate-limit';

// Verifying against this when the email is unknown keeps both answers equally slow.
const decoyHash = hashPassword('decoy-password-for-timing');

/**
 * Checks email and password under the per-address and per-email limits. Returns the user id; the
 * caller starts the session.
 */
export async function checkCredentials(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  input: { email: string; password: string; ip: string },
): Promise<string> {
  const { db, clock } = ctx;
  const email = input.email.trim().toLowerCase();
  const { perIp, perEmail } = ctx.config.authLimits;
  // Failures count per (email, address), so strangers elsewhere cannot lock the owner out, and per
  // email overall with a much higher ceiling.
  const pairKey = `sign-in:email-ip:${email}|${input.ip}`;
  const emailKey = `sign-in:email:${email}`;
  const ipAttempts = await countAttempt({ db, clock, key: `sign-in:ip:${input.ip}` });
  if (ipAttempts > perIp) throw tooMany();
  if ((await attemptsSoFar({ db, clock, key: pairKey })) >= perEmail) throw tooMany();
  if ((await attemptsSoFar({ db, clock, key: emailKey })) >= perEmail * EMAIL_CEILING_FACTOR) throw tooMany();

  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
  if (!user?.passwordHash || !ok) {
    await countAttempt({ db, clock, key: pairKey });
    await countAttempt({ db, clock, key: emailKey });
    throw new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
  }
  if (ctx.config.mail.requireConfirmation && !user.emailVerifiedAt) {
    throw new AppError('EMAIL_NOT_CONFIRMED', AUTH_MESSAGES.emailNotConfirmed);
  }
  await clearAttempts(db, pairKey);
  return user.id;
}

export function tooMany(): AppError {
  return new AppError('RATE_LIMITED', AUTH_MESSAGES.tooManyAttempts);
}
