import {
  AUTH_MESSAGES,
  LIMITS,
  PROFILE_MESSAGES,
  ZAccountType,
  ZEmail,
  ZPassword,
  ZUsername,
} from '@fanline/contracts';
import { z } from 'zod';
import type { TFormError } from '../../../lib/auth/auth-errors';

const required = AUTH_MESSAGES.requiredFields;

/** The sign-up form: the server's ZSignUpRequest rules plus "required" first and the confirmation. */
export const ZSignUpForm = z
  .object({
    intendedAccountType: ZAccountType,
    email: z.string().trim().min(1, required).pipe(ZEmail),
    password: z.string().min(1, required).pipe(ZPassword),
    confirmPassword: z.string(),
    displayName: z.string().trim().min(1, required).max(LIMITS.displayName.max, PROFILE_MESSAGES.displayNameTooLong),
    username: z.string().min(1, required).pipe(ZUsername),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: AUTH_MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
    // Report a mismatch alongside other problems, not only once everything else is valid.
    when: () => true,
  });
export type TSignUpFormInput = z.input<typeof ZSignUpForm>;
export type TSignUpFormValues = z.output<typeof ZSignUpForm>;

/**
 * The one message to headline a refused submission, in spec §5's order: required fields, username
 * taken, passwords match, password length. Other problems (email format…) stay on their fields.
 */
export function firstSignUpProblem(values: TSignUpFormInput, usernameTaken: boolean): TFormError | null {
  const { email, password, displayName, username, confirmPassword } = values;
  if (!email.trim() || !password || !displayName.trim() || !username) return { title: '', message: required };
  if (usernameTaken) return { title: 'Username unavailable', message: AUTH_MESSAGES.usernameTakenForm };
  if (password !== confirmPassword) return { title: 'Password mismatch', message: AUTH_MESSAGES.passwordMismatch };
  if (password.length < LIMITS.password.min) {
    return { title: 'Password too short', message: AUTH_MESSAGES.passwordTooShort };
  }
  return null;
}
