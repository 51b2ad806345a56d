import { normalizeUsername, RESERVED_USERNAMES } from '@fanline/contracts';

export interface SignUpMetadata {
  email: string;
  displayName?: string | null;
  username?: string | null;
  intendedAccountType?: 'customer' | 'creator';
}

/**
 * spec §4 Profile creation: a new profile from sign-up metadata. Username falls back to the part of
 * the email before the @, then 'user_' plus the first 8 characters of the id; display name falls
 * back to the email, then 'New User'. Everyone starts as a non-creator, unavailable, at the default
 * price, with a response rate of 0.
 */
export function profileFromSignUp(userId: string, meta: SignUpMetadata, defaultPriceDollars: number) {
  const candidates = [meta.username, meta.email.split('@')[0]].map((value) => normalizeUsername(value ?? ''));
  const username =
    candidates.find((name) => name.length >= 3 && !RESERVED_USERNAMES.has(name)) ??
    `user_${userId.replace(/-/g, '').slice(0, 8)}`;
  return {
    id: userId,
    email: meta.email,
    username,
    displayName: meta.displayName?.trim() || meta.email || 'New User',
    intendedAccountType: meta.intendedAccountType ?? 'customer',
    userType: meta.intendedAccountType === 'creator' ? 'creator' : 'regular',
    isCreator: false,
    threadsOnboardingCompleted: false,
    isAvailable: false,
    messagePrice: defaultPriceDollars * 100,
  };
}
