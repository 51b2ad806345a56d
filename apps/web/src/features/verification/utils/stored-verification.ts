import type { TThreadsProfileData } from '@fanline/contracts';

/** spec §3: a verification kept locally per username; spec §9: valid 24 hours. */
export const STORED_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PREFIX = 'fanline:threads-verification:';

export interface TStoredVerification {
  username: string;
  full_name: string | null;
  biography: string | null;
  profile_pic_url: string | null;
  follower_count: number | null;
  is_verified: boolean;
  is_business_account: boolean;
  timestamp: number;
}

const keyFor = (username: string) => `${KEY_PREFIX}${username.trim().toLowerCase()}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored verification for a handle, or null when there is none, it is malformed or 24 h old. */
export function readStoredVerification(username: string, now = Date.now()): TStoredVerification | null {
  const raw = storage()?.getItem(keyFor(username));
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as TStoredVerification;
    if (typeof stored.timestamp !== 'number' || !stored.is_verified) return null;
    if (now - stored.timestamp >= STORED_VERIFICATION_TTL_MS || stored.timestamp > now) return null;
    return stored;
  } catch {
    return null;
  }
}

export function storeVerification(profile: TThreadsProfileData, now = Date.now()): TStoredVerification {
  const stored: TStoredVerification = {
    username: profile.username,
    full_name: profile.full_name,
    biography: profile.biography,
    profile_pic_url: profile.profile_pic_url,
    follower_count: profile.follower_count,
    is_verified: true,
    is_business_account: false,
    timestamp: now,
  };
  try {
    storage()?.setItem(keyFor(profile.username), JSON.stringify(stored));
  } catch {
    // Quota or privacy mode: the verification still happened on the server.
  }
  return stored;
}

export function clearStoredVerification(username: string): void {
  storage()?.removeItem(keyFor(username));
}
