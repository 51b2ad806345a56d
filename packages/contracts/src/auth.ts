import { z } from 'zod';
import { ZText } from './common';
import { ZCreatorProfileChanges, ZTimeZone } from './creator-business';
import { ZEmailKindSwitches } from './email';
import { LIMITS } from './limits';

/** spec §5: the username input is lowercased and stripped to a-z, 0-9 and underscore. */
export function normalizeUsername(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9_]/g, '');
}

export const ZUsername = ZText.trim()
  .min(LIMITS.username.min, 'Username must be at least 3 characters.')
  .max(LIMITS.username.max, `Username must be at most ${LIMITS.username.max} characters.`)
  .regex(/^[a-z0-9_]+$/, 'Use only lowercase letters, numbers and underscores.');

const INVALID_EMAIL = 'Please enter a valid email address.';
export const ZEmail = ZText.trim().max(LIMITS.email.max, INVALID_EMAIL).toLowerCase().pipe(z.email(INVALID_EMAIL));

export const ZPassword = ZText.min(LIMITS.password.min, 'Password must be at least 6 characters long.').max(
  256,
  'Password is too long.',
);

export const ZAccountType = z.enum(['customer', 'creator']);
export type TAccountType = z.infer<typeof ZAccountType>;

export const ZSignUpRequest = z.object({
  email: ZEmail,
  password: ZPassword,
  displayName: ZText.trim().min(1, 'Please fill in all required fields.').max(80),
  username: ZUsername,
  intendedAccountType: ZAccountType.default('customer'),
});
export type TSignUpRequest = z.input<typeof ZSignUpRequest>;

export const ZSignInRequest = z.object({
  email: ZText.trim().min(1, 'Please enter both email and password.').max(LIMITS.email.max, INVALID_EMAIL),
  password: ZText.min(1, 'Please enter both email and password.').max(256, 'Password is too long.'),
});
export type TSignInRequest = z.input<typeof ZSignInRequest>;

/** The signed-in user as the web app needs it: account, own profile, admin standing. */
export const ZSessionUser = z.object({
  id: z.uuid(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  isCreator: z.boolean(),
  intendedAccountType: ZAccountType,
  threadsOnboardingCompleted: z.boolean(),
  instagramUsername: z.string().nullable(),
  instagramVerified: z.boolean(),
  isAvailable: z.boolean(),
  messagePrice: z.number().int(),
  coverUrl: z.string().nullable(),
  disciplines: z.array(z.string()),
  portfolioImages: z.array(z.string()),
  stripeOnboardingCompleted: z.boolean(),
  timeZone: z.string().nullable(),
  isAdmin: z.boolean(),
  adminRole: z.string().nullable(),
});
export type TSessionUser = z.input<typeof ZSessionUser>;

export const ZSessionResponse = z.object({ user: ZSessionUser.nullable() });
export type TSessionResponse = z.input<typeof ZSessionResponse>;

export const ZSignUpResponse = z.object({
  user: ZSessionUser,
  /** false when the account is signed in straight away; true when it must confirm its email first. */
  requiresEmailConfirmation: z.boolean(),
});
export type TSignUpResponse = z.input<typeof ZSignUpResponse>;

export const ZSignOutQuery = z.object({ scope: z.enum(['local', 'global']).default('local') });

export const ZUsernameAvailabilityQuery = z.object({ username: ZText.trim().min(1).max(60) });
export const ZUsernameAvailabilityResponse = z.object({ available: z.boolean() });

export const ZEmailRequest = z.object({ email: ZEmail });
export const ZTokenRequest = z.object({ token: ZText.min(16).max(200) });
export const ZResetPasswordRequest = z.object({ token: ZText.min(16).max(200), password: ZPassword });
export const ZChangePasswordRequest = z.object({
  currentPassword: ZText.min(1, 'Please enter your current password.').max(256, 'Password is too long.'),
  newPassword: ZPassword,
});

/** Updatable fields of the Edit Profile tab (spec §2 Profile settings). Email is not among them. */
export const ZUpdateProfileRequest = z
  .object({
    displayName: ZText.trim().min(1, 'Display name is required.').max(80).optional(),
    username: ZUsername.optional(),
    bio: ZText.max(LIMITS.bio.max, `Bio must be at most ${LIMITS.bio.max} characters.`).nullable().optional(),
    timeZone: ZTimeZone.optional(),
  })
  .extend(ZCreatorProfileChanges.shape);
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

export const ZAvatarResponse = z.object({ avatarUrl: z.string() });

/** Top-level app routes: a creator's public link is /{username}, so these can never be usernames. */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'assets',
  'auth',
  'billing',
  'creators',
  'dashboard',
  'dev',
  'favicon',
  'forgot_password',
  'login',
  'logout',
  'messages',
  'payment_success',
  'profile',
  'reset_password',
  'search',
  'sender_dashboard',
  'settings',
  'signup',
  'support',
  'test_threads',
  'uploads',
  'username',
  'null',
  'undefined',
  'fanline',
]);

/**
 * spec §3 Notification preferences (email on, push on, marketing off), stored on the server; since
 * issue #13 also one switch per kind of email (`emailKinds`, each on unless turned off).
 * `reminders` (issue #13): the creator's deadline reminders at 12, 4 and 1 hours left; on unless turned off.
 */
export const ZNotificationPreferences = z.object({
  email: z.boolean(),
  push: z.boolean(),
  marketing: z.boolean(),
  emailKinds: ZEmailKindSwitches,
  reminders: z.boolean().default(true),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;
/** What PUT accepts: kinds left out keep their stored value. */
export const ZNotificationPreferencesUpdate = ZNotificationPreferences.extend({
  emailKinds: ZEmailKindSwitches.partial().strict().optional(),
  /** Left out by a client that does not show it (the fan's /profile): the stored value stays. */
  reminders: z.boolean().optional(),
});
export type TNotificationPreferencesUpdate = z.infer<typeof ZNotificationPreferencesUpdate>;
