import { AUTH_MESSAGES } from '@fanline/contracts';
import { ApiError } from '../api-client';

export interface TFormError {
  title: string;
  message: string;
}

/** spec §8 Login: the server's code picks the spec's sentence; anything unexpected gets the generic one. */
export function signInErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return AUTH_MESSAGES.unexpected;
  switch (error.code) {
    case 'INVALID_CREDENTIALS':
      return AUTH_MESSAGES.invalidCredentials;
    case 'EMAIL_NOT_CONFIRMED':
      return AUTH_MESSAGES.emailNotConfirmed;
    case 'RATE_LIMITED':
      return AUTH_MESSAGES.tooManyAttempts;
    default:
      return AUTH_MESSAGES.signInFailed;
  }
}

/**
 * spec §8 Signup. The server already words its 4xx errors in the spec's text; codes decide the
 * sentence here anyway so a reworded server message cannot drift from the spec.
 */
export function signUpErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return AUTH_MESSAGES.signUpFailed;
  switch (error.code) {
    case 'EMAIL_TAKEN':
      return AUTH_MESSAGES.emailTaken;
    case 'USERNAME_TAKEN':
      return AUTH_MESSAGES.usernameTakenServer;
    case 'RATE_LIMITED':
      return AUTH_MESSAGES.tooManyAttempts;
    case 'VALIDATION_FAILED':
      if (error.fields?.email) return AUTH_MESSAGES.invalidEmail;
      if (error.fields?.password) {
        // A common password (ASVS V6.2.4) says so; any other password refusal is the length rule.
        return error.fields.password === AUTH_MESSAGES.passwordTooCommon
          ? AUTH_MESSAGES.passwordTooCommon
          : AUTH_MESSAGES.passwordTooShort;
      }
      return error.message || AUTH_MESSAGES.signUpFailed;
    case 'FORBIDDEN':
      // Registrations closed by the admin: the server's sentence says so.
      return error.message || AUTH_MESSAGES.signUpFailed;
    default:
      return AUTH_MESSAGES.signUpFailed;
  }
}
