import { AUTH_MESSAGES } from '@fanline/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/password';
import { consumeToken, issueToken } from './email-tokens';
import { passwordResetMail } from './mails';
import { announceSessionsEnded, revokeUserSessions } from './sessions';

/** Mails a reset link when the account exists; says nothing either way, so emails cannot be probed. */
export async function requestPasswordReset(app: FastifyInstance, email: string): Promise<void> {
  const [user] = await app.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (!user) return;
  const token = await issueToken({ db: app.db, clock: app.clock, userId: user.id, purpose: 'password_reset' });
  const link = `${app.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  try {
    await app.mailer.send(passwordResetMail(user.email, link));
  } catch (error) {
    app.log.error({ err: error, userId: user.id }, 'could not send the password reset mail');
  }
}

/** Sets a new password from a mailed token and signs the account out everywhere. */
export async function resetPassword(app: FastifyInstance, token: string, password: string): Promise<void> {
  const userId = await consumeToken({ db: app.db, clock: app.clock, token, purpose: 'password_reset' });
  if (!userId) throw new AppError('LINK_EXPIRED', AUTH_MESSAGES.resetLinkInvalid);
  const passwordHash = await hashPassword(password);
  // Following the mailed link proves the address too.
  await app.db
    .update(users)
    .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: app.clock.now() })
    .where(eq(users.id, userId));
  await revokeUserSessions(app.db, userId);
  await announceSessionsEnded(app, userId);
}

/** Changes the password after checking the current one; other sessions end, this one stays. */
export async function changePassword(
  app: FastifyInstance,
  opts: { userId: string; sessionId: string; currentPassword: string; newPassword: string },
): Promise<void> {
  const [user] = await app.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, opts.userId));
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, opts.currentPassword))) {
    throw new AppError('VALIDATION_FAILED', 'Current password is incorrect.', {
      currentPassword: 'Current password is incorrect.',
    });
  }
  const passwordHash = await hashPassword(opts.newPassword);
  await app.db.update(users).set({ passwordHash, updatedAt: app.clock.now() }).where(eq(users.id, opts.userId));
  await revokeUserSessions(app.db, opts.userId, opts.sessionId);
  await announceSessionsEnded(app, opts.userId);
}
