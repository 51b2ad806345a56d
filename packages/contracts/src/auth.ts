import { z } from 'zod';
import { ZText } from './common';
import { AUTH_MESSAGES } from './copy';
import { LIMITS } from './limits';
import { displayNameSchema, ZAccountType, ZSessionUser, ZUsername } from './profiles';

// modules/auth: sign-up, sign-in and sign-out, email and password tokens, username availability.

const INVALID_EMAIL = AUTH_MESSAGES.invalidEmail;

export const ZEmail = ZText.trim().max(LIMITS.email.max, INVALID_EMAIL).toLowerCase().pipe(z.email(INVALID_EMAIL));

export const ZPassword = ZText.min(LIMITS.password.min, AUTH_MESSAGES.passwordTooShort).max(
  256,
  'Password is too long.',
);

export const ZSignUpRequest = z.object({
  email: ZEmail,
  password: ZPassword,
  displayName: displayNameSchema(AUTH_MESSAGES.requiredFields),
  username: ZUsername,
  intendedAccountType: ZAccountType.default('customer'),
});

export type TSignUpRequest = z.input<typeof ZSignUpRequest>;

export const ZSignInRequest = z.object({
  email: ZText.trim().min(1, AUTH_MESSAGES.missingCredentials).max(LIMITS.email.max, INVALID_EMAIL),
  password: ZText.min(1, AUTH_MESSAGES.missingCredentials).max(256, 'Password is too long.'),
});

export type TSignInRequest = z.input<typeof ZSignInRequest>;

export const ZSessionResponse = z.object({ user: ZSessionUser.nullable() });

export type TSessionResponse = z.input<typeof ZSessionResponse>;

export const ZSignUpResponse = z.object({
  user: ZSessionUser,
  /** false when the account is signed in straight away; true when it must confirm its email first. */
  requiresEmailConfirmation: z.boolean(),
});

export type TSignUpResponse = z.input<typeof ZSignUpResponse>;

export const ZSignOutQuery = z.object({ scope: z.enum(['local', 'global']).default('local') });

export const ZUsernameAvailabilityQuery = z.object({ username: ZText.trim().min(1).max(LIMITS.handleInput.max) });

export const ZUsernameAvailabilityResponse = z.object({ available: z.boolean() });

export const ZEmailRequest = z.object({ email: ZEmail });

export const ZTokenRequest = z.object({ token: ZText.min(16).max(200) });

export const ZResetPasswordRequest = z.object({ token: ZText.min(16).max(200), password: ZPassword });

/** Issue 36 §17: POST /api/auth/reset-password/check, the reset page asks on load whether its link still works. */
export const ZResetTokenCheck = z.object({ token: ZText.max(200) });
export const ZResetTokenStatus = z.object({ usable: z.boolean() });
export type TResetTokenStatus = z.input<typeof ZResetTokenStatus>;

export const ZChangePasswordRequest = z.object({
  currentPassword: ZText.min(1, 'Please enter your current password.').max(256, 'Password is too long.'),
  newPassword: ZPassword,
});
