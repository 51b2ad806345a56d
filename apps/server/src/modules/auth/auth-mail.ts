import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { defineEffect, enqueueEffects } from '../outbox';
import { issueToken } from './email-tokens';
import { accountConfirmationMail, accountPasswordResetMail, accountSignUpAttemptMail } from './mails';

/**
 * The account mails as an outbox effect (decision 0039): the confirmation link, the password reset
 * link, and the notice to an address's owner that someone tried to sign up with it. The row names the
 * account, not its address or a token: the handler reads the address and issues the link's token
 * when it sends, so no secret waits in the outbox, and a retry mails a fresh link (issuing one voids
 * the earlier unused one of its purpose).
 */
export const authMailDefinition = defineEffect(
  'auth-mail',
  z.object({ userId: z.string().min(1), mail: z.enum(['confirmation', 'password-reset', 'sign-up-attempt']) }),
);
export type AuthMail = z.output<typeof authMailDefinition.schema>['mail'];

/** Writes one account mail (each request its own row); returns its key for `ctx.outbox.carryOut`. */
export async function enqueueAuthMail(tx: Db, opts: { userId: string; mail: AuthMail; now: Date }): Promise<string[]> {
  const row = authMailDefinition.make(`auth-mail:${opts.mail}:${opts.userId}:${randomUUID()}`, {
    userId: opts.userId,
    mail: opts.mail,
  });
  return enqueueEffects(tx, [row], opts.now);
}

/** The handler: throws when the mail fails, so the outbox retries it. */
export async function sendAuthMail(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>,
  payload: { userId: string; mail: AuthMail },
): Promise<void> {
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, payload.userId));
  if (!user) return;
  const { publicUrl } = ctx.config;
  if (payload.mail === 'sign-up-attempt') {
    await ctx.mailer.send(await accountSignUpAttemptMail(publicUrl, user.email));
    return;
  }
  const purpose = payload.mail === 'confirmation' ? 'email_confirmation' : 'password_reset';
  const token = await issueToken({ db: ctx.db, clock: ctx.clock, userId: payload.userId, purpose });
  if (payload.mail === 'confirmation') {
    const link = `${publicUrl}/auth/confirm#token=${encodeURIComponent(token)}`;
    await ctx.mailer.send(await accountConfirmationMail(publicUrl, user.email, link));
  } else {
    const link = `${publicUrl}/reset-password#token=${encodeURIComponent(token)}`;
    await ctx.mailer.send(await accountPasswordResetMail(publicUrl, user.email, link));
  }
}
