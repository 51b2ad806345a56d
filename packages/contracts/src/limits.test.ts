import { expect, test } from 'vitest';
import { ZSignUpRequest } from './auth';
import { PROFILE_MESSAGES } from './copy';
import { LIMITS, PLATFORM_SETTING_DEFAULTS } from './limits';
import { ZDisplayName, ZUpdateProfileRequest } from './profiles';
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
  const signUp = { email: 'a@example.com', password: 'secret1', username: 'abc', displayName: tooLong };
  expect(ZSignUpRequest.safeParse(signUp).error?.issues[0]?.message).toBe(PROFILE_MESSAGES.displayNameTooLong);
});
