import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { enqueueAuthMail } from './auth-mail';
import { limitSignUp, mayMail } from './limit-sign-up';

/**
 * Mails a reset link when the account exists; says nothing either way, so emails cannot be probed.
 * Counts against the sign-up budget first, then the target email's mail budget (limit-sign-up.ts).
 */
export async function requestPasswordReset(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'log' | 'outbox'>,
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
  // Through the outbox (decision 0039): the handler issues the link's token when it sends.
  await ctx.outbox.carryOut(
    await enqueueAuthMail(ctx.db, { userId: user.id, mail: 'password-reset', now: ctx.clock.now() }),
  );
}
