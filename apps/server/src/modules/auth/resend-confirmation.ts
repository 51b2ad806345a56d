import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { limitSignUp, mayMail } from './limit-sign-up';
import { sendConfirmation } from './sign-up';

/** Mails a new confirmation link to an unconfirmed account; says nothing either way, so emails cannot be probed. */
export async function resendConfirmation(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'log' | 'outbox'>,
  opts: { email: string; ip: string },
): Promise<void> {
  await limitSignUp(ctx, { ip: opts.ip, email: opts.email });
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.email, opts.email), isNull(users.emailVerifiedAt)));
  if (user && (await mayMail(ctx, { email: user.email, kind: 'link' })))
    await sendConfirmation(ctx, { userId: user.id });
}
