import { expect, test } from 'vitest';
import { ZAdminEditUser } from './admin';
import { ZSignUpRequest } from './auth';
import { PROFILE_MESSAGES } from './copy';
import { LIMITS, PLATFORM_SETTING_DEFAULTS } from './limits';
import { ZDisplayName, ZUpdateProfileRequest, ZUsername } from './profiles';
import { ZPlatformSettings } from './settings';

test('the platform-setting defaults are the limits of spec §9 and pass their own schema', () => {
  expect(PLATFORM_SETTING_DEFAULTS).toMatchObject({
    default_message_price: LIMITS.price.defaultDollars,
    min_message_price: LIMITS.price.minDollars,
    max_message_price: LIMITS.price.maxDollars,
    commission_rate: LIMITS.commissionPercent.default,
    message_expiration_hours: LIMITS.responseWindowHours.default,
  });
  expect(ZPlatformSettings.safeParse(PLATFORM_SETTING_DEFAULTS).success).toBe(true);
});

test('a display name has one limit and one message, in sign-up and in Edit Profile', () => {
  const fits = 'n'.repeat(LIMITS.displayName.max);
  const tooLong = `${fits}n`;
  expect(ZDisplayName.parse(` ${fits} `)).toBe(fits);
  expect(ZDisplayName.safeParse(tooLong).error?.issues[0]?.message).toBe(PROFILE_MESSAGES.displayNameTooLong);
  expect(ZUpdateProfileRequest.safeParse({ displayName: tooLong }).error?.issues[0]?.message).toBe(
    PROFILE_MESSAGES.displayNameTooLong,
  );
  const signUp = { email: 'a@example.com', password: 'secret1-pass', username: 'abc', displayName: tooLong };
  expect(ZSignUpRequest.safeParse(signUp).error?.issues[0]?.message).toBe(PROFILE_MESSAGES.displayNameTooLong);
});

test('display names: hidden, blank and lone-mark characters are refused; emoji and accents stay (issue 42 F3, N9)', () => {
  const problem = (name: string) => ZDisplayName.safeParse(name).error?.issues[0]?.message;
  for (const name of ['Ma\uFE0Fya Chen', 'Maya\u2800Chen', '\u2800', 'Maya Chen\uFE0F', '\u0301', 'a \u0335']) {
    expect(problem(name), JSON.stringify(name)).toBe(PROFILE_MESSAGES.displayNameHiddenCharacters);
  }
  expect(problem('...')).toBe(PROFILE_MESSAGES.displayNameNeedsLetter);
  for (const name of ['❤️', '👩‍💻', '1️⃣ Team', 'Zoë', 'नमस्ते']) expect(problem(name), name).toBeUndefined();
});

test('usernames need a letter or digit; the admin edit uses the same shape (issue 35)', () => {
  expect(ZUsername.safeParse('___').error?.issues[0]?.message).toBe(PROFILE_MESSAGES.usernameNeedsLetter);
  expect(ZUsername.safeParse('a__').success).toBe(true);
  expect(ZAdminEditUser.safeParse({ username: '___' }).error?.issues[0]?.message).toBe(
    PROFILE_MESSAGES.usernameNeedsLetter,
  );
});
