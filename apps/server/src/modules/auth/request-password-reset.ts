import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { issueToken } from './email-tokens';
import { limitSignUp, mayMail } from './limit-sign-up';
import { accountPasswordResetMail } from './mails';

/**
 * Mails a reset link when the account exists; says nothing either way, so emails cannot be probed.
 * Counts against the sign-up budget first, then the target email's mail budget (limit-sign-up.ts).
 */
export async function requestPasswordReset(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'log'>,
  opts: { email: string; ip: string },
): Promise<void> {
  await limitSignUp(ctx, { ip: opts.ip, email: opts.email });
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${opts.email}`);
  if (!user) return;
  // Per target email too (security review N3): over the limit the answer is the same, with no mail.
  if (!(await mayMail(ctx, { email: user.email, kind: 'link' }))) return;
  const token = await issueToken({ db: ctx.db, clock: ctx.clock, userId: user.id, purpose: 'password_reset' });
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  try {
    await ctx.mailer.send(await accountPasswordResetMail(ctx.config.publicUrl, user.email, link));
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, 'could not send the password reset mail');
  }
}
