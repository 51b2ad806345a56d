import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, type ZSignUpRequest } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/password';
import {
  assertDisplayNameAllowed,
  assertUsernameAllowed,
  createProfile,
  profileFromSignUp,
  type SessionUser,
} from '../profiles';
import { announceAdminActivity } from '../realtime';
import { readSettings } from '../settings';
import { enqueueAuthMail } from './auth-mail';
import { mayMail } from './limit-sign-up';
import { assertPasswordNotCommon } from './password-rules';

/**
 * What sign-up did: created an account, or (when accounts must confirm their email first) found the
 * email taken and answers as if it had created one (security review N6): `lookalike` is the account
 * a new sign-up would have shown, and the owner of the email has been told by mail.
 */
export type SignUpOutcome = { userId: string } | { lookalike: SessionUser };

/** Creates the account and its profile (spec §4 Profile creation) and mails the confirmation link. */
export async function signUp(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'events' | 'log' | 'outbox'>,
  input: z.output<typeof ZSignUpRequest>,
): Promise<SignUpOutcome> {
  const { db, clock } = ctx;
  const settings = await readSettings(db, ['new_user_registration', 'default_message_price']);
  if (!settings.new_user_registration) throw new AppError('FORBIDDEN', 'New registrations are currently closed.');

  const [existing] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`);
  // With confirmation required, a taken email must not answer differently from a new one: the
  // username and name are judged first for both, and the password is hashed for both (timing).
  const neutral = ctx.config.mail.requireConfirmation;
  if (existing && !neutral) {
    await tellOwnerOfSignUpAttempt(ctx, existing);
    throw new AppError('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken);
  }
  await assertUsernameAllowed(db, { username: input.username, now: clock.now() });
  await assertDisplayNameAllowed(db, { name: input.displayName });
  assertPasswordNotCommon(input.password);

  const passwordHash = await hashPassword(input.password);
  if (existing) {
    await tellOwnerOfSignUpAttempt(ctx, existing);
    return { lookalike: newAccountView(randomUUID(), input, settings.default_message_price) };
  }
  let userId: string;
  let mailKeys: string[] = [];
  try {
    userId = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, passwordHash, createdAt: clock.now(), updatedAt: clock.now() })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      const { id, email, ...profile } = profileFromSignUp(user.id, input, settings.default_message_price);
      await createProfile(tx, { id, email, profile });
      // The confirmation mail is written with the account (decision 0039) and sent after the commit.
      mailKeys = await enqueueAuthMail(tx, { userId: user.id, mail: 'confirmation', now: clock.now() });
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
  await ctx.outbox.carryOut(mailKeys);
  return { userId };
}

/**
 * Mails a confirmation link through the outbox (decision 0039): a mail failure is logged and retried,
 * never lost silently, and never fails the caller.
 */
export async function sendConfirmation(
  ctx: Pick<AppContext, 'db' | 'clock' | 'outbox'>,
  opts: { userId: string },
): Promise<void> {
  await ctx.outbox.carryOut(
    await enqueueAuthMail(ctx.db, { userId: opts.userId, mail: 'confirmation', now: ctx.clock.now() }),
  );
}

/**
 * The session user a fresh account from `input` is, as loadSessionUser would read it: what sign-up
 * answers for a taken email when confirmation is required (nothing is stored).
 */
function newAccountView(id: string, input: z.output<typeof ZSignUpRequest>, defaultPriceDollars: number): SessionUser {
  const profile = profileFromSignUp(id, input, defaultPriceDollars);
  return {
    id,
    email: input.email,
    emailConfirmed: false,
    username: profile.username,
    displayName: profile.displayName,
    avatarUrl: null,
    bio: null,
    isCreator: false,
    intendedAccountType: profile.intendedAccountType === 'creator' ? 'creator' : 'customer',
    threadsOnboardingCompleted: false,
    instagramUsername: null,
    instagramVerified: false,
    isAvailable: false,
    messagePrice: profile.messagePrice,
    coverUrl: null,
    disciplines: [],
    portfolioImages: [],
    stripeOnboardingCompleted: false,
    timeZone: null,
    isAdmin: false,
    adminRole: null,
  };
}

/**
 * Whoever signs up with a taken email is answered 409 where sign-up signs the user in at once
 * (decision 0025), or exactly like a new account where the email must be confirmed first (security
 * review N6). Either way the owner is told by mail, at most once an hour per address.
 */
async function tellOwnerOfSignUpAttempt(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'log' | 'outbox'>,
  owner: { id: string; email: string },
): Promise<void> {
  const { email } = owner;
  if (!(await mayMail(ctx, { email, kind: 'sign-up-notice', perWindow: 1, windowMs: 60 * 60_000 }))) return;
  await ctx.outbox.carryOut(
    await enqueueAuthMail(ctx.db, { userId: owner.id, mail: 'sign-up-attempt', now: ctx.clock.now() }),
  );
}
