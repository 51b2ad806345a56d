import { AUTH_MESSAGES } from '@fanline/contracts';
import { describe, expect, test } from 'vitest';
import { firstSignUpProblem, type TSignUpFormInput, ZSignUpForm } from './signup-schema';

const valid: TSignUpFormInput = {
  intendedAccountType: 'customer',
  email: 'Fan@Example.com ',
  password: 'secret1-pass',
  confirmPassword: 'secret1-pass',
  displayName: 'Fan',
  username: 'fan_1',
};

describe('sign-up form rules (spec §5 Signup)', () => {
  test('a complete form passes and the email is normalized', () => {
    expect(ZSignUpForm.parse(valid).email).toBe('fan@example.com');
    expect(firstSignUpProblem(valid, false)).toBeNull();
  });

  test('the headline follows the spec order', () => {
    expect(firstSignUpProblem({ ...valid, displayName: ' ', password: '1' }, true)?.message).toBe(
      AUTH_MESSAGES.requiredFields,
    );
    expect(firstSignUpProblem({ ...valid, confirmPassword: 'x' }, true)).toEqual({
      title: 'Username unavailable',
      message: AUTH_MESSAGES.usernameTakenForm,
    });
    expect(firstSignUpProblem({ ...valid, password: '123', confirmPassword: '12' }, false)?.title).toBe(
      'Password mismatch',
    );
    expect(firstSignUpProblem({ ...valid, password: '123', confirmPassword: '123' }, false)).toEqual({
      title: 'Password too short',
      message: AUTH_MESSAGES.passwordTooShort,
    });
  });

  test('field messages are the spec sentences', () => {
    const result = ZSignUpForm.safeParse({ ...valid, email: 'nope', password: '123', confirmPassword: '1234' });
    const messages = Object.fromEntries(result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? []);
    expect(messages).toEqual({
      email: AUTH_MESSAGES.invalidEmail,
      password: AUTH_MESSAGES.passwordTooShort,
      confirmPassword: AUTH_MESSAGES.passwordMismatch,
    });
  });
});
