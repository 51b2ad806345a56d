import { AUTH_MESSAGES } from '@fanline/contracts';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../api-client';
import { signInErrorMessage, signUpErrorMessage } from './auth-errors';

describe('signInErrorMessage (spec §8 Login)', () => {
  test.each([
    [new ApiError(401, 'INVALID_CREDENTIALS', 'x'), AUTH_MESSAGES.invalidCredentials],
    [new ApiError(403, 'EMAIL_NOT_CONFIRMED', 'x'), AUTH_MESSAGES.emailNotConfirmed],
    [new ApiError(429, 'RATE_LIMITED', 'x'), AUTH_MESSAGES.tooManyAttempts],
    [new ApiError(400, 'VALIDATION_FAILED', 'x'), AUTH_MESSAGES.signInFailed],
    [new ApiError(500, 'INTERNAL', 'x'), AUTH_MESSAGES.unexpected],
    [new ApiError(0, 'NETWORK', 'x'), AUTH_MESSAGES.unexpected],
    [new Error('boom'), AUTH_MESSAGES.unexpected],
  ])('%s', (error, message) => expect(signInErrorMessage(error)).toBe(message));
});

describe('signUpErrorMessage (spec §8 Signup)', () => {
  test.each([
    [new ApiError(409, 'EMAIL_TAKEN', 'x'), AUTH_MESSAGES.emailTaken],
    [new ApiError(409, 'USERNAME_TAKEN', 'x'), AUTH_MESSAGES.usernameTakenServer],
    [new ApiError(400, 'VALIDATION_FAILED', 'x', undefined, { email: 'bad' }), AUTH_MESSAGES.invalidEmail],
    [new ApiError(400, 'VALIDATION_FAILED', 'x', undefined, { password: 'short' }), AUTH_MESSAGES.passwordTooShort],
    [new ApiError(403, 'FORBIDDEN', 'Registrations are closed.'), 'Registrations are closed.'],
    [new ApiError(502, 'INTERNAL', 'x'), AUTH_MESSAGES.signUpFailed],
    [new ApiError(418, 'BAD_REQUEST', 'x'), AUTH_MESSAGES.signUpFailed],
  ])('%s', (error, message) => expect(signUpErrorMessage(error)).toBe(message));
});
