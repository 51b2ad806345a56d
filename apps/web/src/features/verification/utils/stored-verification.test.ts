import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  clearStoredVerification,
  readStoredVerification,
  STORED_VERIFICATION_TTL_MS,
  storeVerification,
} from './stored-verification';

const profile = { username: 'MayaStyle', full_name: 'Maya', profile_pic_url: null, biography: null, follower_count: 3 };

describe('stored Threads verification (spec §3, §9: 24 hours)', () => {
  beforeEach(() => {
    const map = new Map<string, string>();
    const fake = {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
      removeItem: (key: string) => void map.delete(key),
    };
    Object.assign(globalThis, { window: { localStorage: fake } });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'window');
  });

  test('is kept per username, case-insensitively, for under 24 hours', () => {
    storeVerification(profile, 1_000);
    expect(readStoredVerification('mayastyle', 1_000)?.full_name).toBe('Maya');
    expect(readStoredVerification('MAYASTYLE', 1_000 + STORED_VERIFICATION_TTL_MS - 1)).not.toBeNull();
    expect(readStoredVerification('mayastyle', 1_000 + STORED_VERIFICATION_TTL_MS)).toBeNull();
    expect(readStoredVerification('someone_else', 1_000)).toBeNull();
  });

  test('keeps the spec fields and can be cleared', () => {
    const stored = storeVerification(profile, 5);
    expect(Object.keys(stored).sort()).toEqual(
      [
        'biography',
        'follower_count',
        'full_name',
        'is_business_account',
        'is_verified',
        'profile_pic_url',
        'timestamp',
        'username',
      ].sort(),
    );
    clearStoredVerification('mayastyle');
    expect(readStoredVerification('mayastyle', 5)).toBeNull();
  });

  test('ignores malformed entries', () => {
    window.localStorage.setItem('fanline:threads-verification:x', '{not json');
    expect(readStoredVerification('x')).toBeNull();
  });
});
