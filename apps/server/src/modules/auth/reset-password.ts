import { AUTH_MESSAGES } from '@fanline/contracts';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/password';
import { consumeToken, tokenIsUsable } from './email-tokens';
import { assertPasswordNotCommon } from './password-rules';
import { announceSessionsEnded, revokeUserSessions } from './sessions';

/** Issue 36 §17: whether a reset link still works, asked when its page opens (not only on submit). */
export async function checkResetToken(ctx: Pick<AppContext, 'db' | 'clock'>, opts: { token: string }) {
  return {
    usable: await tokenIsUsable({ db: ctx.db, clock: ctx.clock, token: opts.token, purpose: 'password_reset' }),
  };
}

/** Sets a new password from a mailed token and signs the account out everywhere. */
export async function resetPassword(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'log'>,
  opts: { token: string; password: string },
): Promise<void> {
  // Checked before the token is used, so a refused password leaves the link working.
  assertPasswordNotCommon(opts.password);
  const userId = await consumeToken({ db: ctx.db, clock: ctx.clock, token: opts.token, purpose: 'password_reset' });
  if (!userId) throw new AppError('LINK_EXPIRED', AUTH_MESSAGES.resetLinkInvalid);
  const passwordHash = await hashPassword(opts.password);
  // Following the mailed link proves the address too.
  await ctx.db
    .update(users)
    .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId));
  await revokeUserSessions(ctx.db, userId);
  await announceSessionsEnded(ctx, { userId });
}
