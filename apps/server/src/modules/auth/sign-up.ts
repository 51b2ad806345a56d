import { AUTH_MESSAGES, type ZSignUpRequest } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { profiles, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/password';
import { assertDisplayNameAllowed, isUsernameAvailable, profileFromSignUp } from '../profiles';
import { announceAdminActivity } from '../realtime';
import { readSettings } from '../settings';
import { issueToken } from './email-tokens';
import { mayMail } from './limit-sign-up';
import { accountConfirmationMail, accountSignUpAttemptMail } from './mails';

/** Creates the account and its profile (spec §4 Profile creation) and mails the confirmation link. */
export async function signUp(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'events' | 'log'>,
  input: z.output<typeof ZSignUpRequest>,
): Promise<{ userId: string }> {
  const { db, clock } = ctx;
  const settings = await readSettings(db, ['new_user_registration', 'default_message_price']);
  if (!settings.new_user_registration) throw new AppError('FORBIDDEN', 'New registrations are currently closed.');

  const [existing] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`);
  if (existing) {
    await tellOwnerOfSignUpAttempt(ctx, existing.email);
    throw new AppError('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken);
  }
  if (!(await isUsernameAvailable(db, input.username, undefined, clock.now()))) {
    throw new AppError('USERNAME_TAKEN', AUTH_MESSAGES.usernameTakenServer, {
      username: AUTH_MESSAGES.usernameTakenHint,
    });
  }

  await assertDisplayNameAllowed(db, { name: input.displayName });

  const passwordHash = await hashPassword(input.password);
  let userId: string;
  try {
    userId = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, passwordHash, createdAt: clock.now(), updatedAt: clock.now() })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      await tx.insert(profiles).values(profileFromSignUp(user.id, input, settings.default_message_price));
      return user.id;
    });
  } catch (error) {
    // Two sign-ups racing for one email or username: the unique index decides, the loser hears why.
    const constraint = String((error as { cause?: { constraint?: string } }).cause?.constraint ?? '');
    if (constraint === 'users_email_lower_key') throw new AppError('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken);
    if (constraint === 'profiles_username_lower_key') {
      throw new AppError('USERNAME_TAKEN', AUTH_MESSAGES.usernameTakenServer, {
        username: AUTH_MESSAGES.usernameTakenHint,
      });
    }
    throw error;
  }

  await announceAdminActivity(ctx, 'profile');
  await sendConfirmation(ctx, { userId, email: input.email });
  return { userId };
}

/** Mails a confirmation link; a mail failure is logged, never lost silently, and never fails the caller. */
export async function sendConfirmation(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'log'>,
  opts: { userId: string; email: string },
): Promise<void> {
  const { userId, email } = opts;
  const token = await issueToken({ db: ctx.db, clock: ctx.clock, userId, purpose: 'email_confirmation' });
  const link = `${ctx.config.publicUrl}/auth/confirm?token=${encodeURIComponent(token)}`;
  try {
    await ctx.mailer.send(await accountConfirmationMail(ctx.config.publicUrl, email, link));
  } catch (error) {
    ctx.log.error({ err: error, userId }, 'could not send the confirmation mail');
  }
}

/**
 * Sign-up answers 409 for a taken email (it signs the user in at once, so it cannot answer the same
 * either way; decision 0025): the owner is told by mail, at most once an hour per address.
 */
async function tellOwnerOfSignUpAttempt(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'log'>,
  email: string,
): Promise<void> {
  if (!(await mayMail(ctx, { email, kind: 'sign-up-notice', perWindow: 1, windowMs: 60 * 60_000 }))) return;
  try {
    await ctx.mailer.send(await accountSignUpAttemptMail(ctx.config.publicUrl, email));
  } catch (error) {
    ctx.log.error({ err: error }, 'could not send the sign-up attempt mail');
  }
}
