import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/password';
import { assertPasswordNotCommon } from './password-rules';
import { announceSessionsEnded, revokeUserSessions } from './sessions';

/** Changes the password after checking the current one; other sessions end, this one stays. */
export async function changePassword(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'log'>,
  opts: { userId: string; sessionId: string; currentPassword: string; newPassword: string },
): Promise<void> {
  const [user] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, opts.userId));
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, opts.currentPassword))) {
    throw new AppError('VALIDATION_FAILED', 'Current password is incorrect.', {
      currentPassword: 'Current password is incorrect.',
    });
  }
  assertPasswordNotCommon(opts.newPassword, 'newPassword');
  const passwordHash = await hashPassword(opts.newPassword);
  await ctx.db.update(users).set({ passwordHash, updatedAt: ctx.clock.now() }).where(eq(users.id, opts.userId));
  await revokeUserSessions(ctx.db, opts.userId, opts.sessionId);
  await announceSessionsEnded(ctx, { userId: opts.userId });
}
