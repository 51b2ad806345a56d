import { describe, expect, test } from 'vitest';
import { profileFromSignUp } from './profile-from-signup';

const ID = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';

describe('spec §4 Profile creation', () => {
  test('uses the sign-up metadata, starting everyone as a non-creator at the default price', () => {
    expect(
      profileFromSignUp(
        ID,
        { email: 'ann@example.test', displayName: 'Ann', username: 'ann_b', intendedAccountType: 'creator' },
        25,
      ),
    ).toMatchObject({
      username: 'ann_b',
      displayName: 'Ann',
      intendedAccountType: 'creator',
      isCreator: false,
      threadsOnboardingCompleted: false,
      isAvailable: false,
      messagePrice: 2500,
    });
  });

  test('username falls back to the email before the @, then user_ and the first 8 of the id', () => {
    expect(profileFromSignUp(ID, { email: 'Jane.Doe@example.test' }, 25).username).toBe('janedoe');
    expect(profileFromSignUp(ID, { email: 'jd@example.test' }, 25).username).toBe('user_1b2c3d4e');
    expect(profileFromSignUp(ID, { email: 'admin@example.test' }, 25).username).toBe('user_1b2c3d4e');
  });

  test('display name falls back to the email, then New User; customers by default', () => {
    const profile = profileFromSignUp(ID, { email: 'sam@example.test', displayName: '  ' }, 25);
    expect(profile.displayName).toBe('sam@example.test');
    expect(profile.intendedAccountType).toBe('customer');
    expect(profileFromSignUp(ID, { email: '', displayName: null }, 25).displayName).toBe('New User');
  });
});
