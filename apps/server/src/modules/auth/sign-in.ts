import { AUTH_MESSAGES } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { clientKey } from '../../platform/client-key';
import type { AppContext } from '../../platform/context';
import { AppError, rateLimited } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/password';
import {
  AUTH_WINDOW_MS,
  clearAttempts,
  countAttempt,
  countAttemptInWindow,
  EMAIL_CEILING_FACTOR,
  secondsUntilWindowEnds,
  windowSoFar,
} from '../../platform/rate-limit';

// Verifying against this when the email is unknown keeps both answers equally slow.
const decoyHash = hashPassword('decoy-password-for-timing');

/**
 * Checks email and password under the per-address limit and the account's limits. Returns the user
 * id; the caller starts the session. `deviceOf` tells whether the request presents a genuine device
 * cookie for an account (see device-cookie.ts): such a device has a failure budget of its own, and
 * failures from unknown devices throttle only unknown devices (security review N1).
 */
export async function checkCredentials(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  input: { email: string; password: string; ip: string; deviceOf: (userId: string | undefined) => string | null },
): Promise<string> {
  const { db, clock } = ctx;
  const email = input.email.trim().toLowerCase();
  const { perIp, perEmail } = ctx.config.authLimits;
  // An IPv6 client counts as its /64 (security review F1).
  const client = clientKey(input.ip);
  const byIp = await countAttemptInWindow({ db, clock, key: `sign-in:ip:${client}` });
  if (byIp.count > perIp) throw tooMany(secondsUntilWindowEnds(byIp.windowStart, clock.now().getTime()));

  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  const device = input.deviceOf(user?.id);
  // A known device counts only its own failures. Unknown devices count per (email, address), so
  // strangers elsewhere cannot lock out each other's addresses, and per email overall with a much
  // higher ceiling, which stops a spread-out guessing run for unknown devices only.
  const keys = device
    ? [{ key: `sign-in:device:${device}`, limit: perEmail }]
    : [
        { key: `sign-in:email-ip:${email}|${client}`, limit: perEmail },
        { key: `sign-in:email:${email}`, limit: perEmail * EMAIL_CEILING_FACTOR },
      ];
  for (const { key, limit } of keys) {
    const state = await windowSoFar({ db, clock, key });
    if (state.count >= limit) throw tooMany(state.retryAfterSeconds);
  }

  const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
  if (!user?.passwordHash || !ok) {
    for (const { key } of keys) await countAttempt({ db, clock, key });
    throw new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
  }
  if (ctx.config.mail.requireConfirmation && !user.emailVerifiedAt) {
    throw new AppError('EMAIL_NOT_CONFIRMED', AUTH_MESSAGES.emailNotConfirmed);
  }
  // The per-email ceiling stays: it is the sum of strangers' failures, not the owner's.
  await clearAttempts(db, keys[0]?.key ?? '');
  return user.id;
}

/** The 429 of the auth forms, saying how long to wait (Retry-After). */
export function tooMany(retryAfterSeconds = AUTH_WINDOW_MS / 1000): AppError {
  return rateLimited(AUTH_MESSAGES.tooManyAttempts, retryAfterSeconds);
}
