import { AUTH_MESSAGES } from '@fanline/contracts';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/password';
import { consumeToken } from './email-tokens';
import { announceSessionsEnded, revokeUserSessions } from './sessions';

/** Sets a new password from a mailed token and signs the account out everywhere. */
export async function resetPassword(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'log'>,
  opts: { token: string; password: string },
): Promise<void> {
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
