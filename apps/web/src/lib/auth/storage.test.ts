import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  clearStoredAuthKeys,
  REDIRECT_AFTER_LOGIN_KEY,
  readStorage,
  SIGNED_IN_HINT_KEY,
  takePostLoginTarget,
  withOpenModal,
  writeStorage,
} from './storage';

function fakeStorage() {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

beforeEach(() => {
  Object.assign(globalThis, { window: { localStorage: fakeStorage(), sessionStorage: fakeStorage() } });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'window');
});

describe('post-login redirect (spec §2)', () => {
  test('a stored path opens with ?openModal=true and is removed', () => {
    writeStorage(REDIRECT_AFTER_LOGIN_KEY, '/mayastyle');
    expect(takePostLoginTarget()).toBe('/mayastyle?openModal=true');
    expect(readStorage(REDIRECT_AFTER_LOGIN_KEY)).toBeNull();
    expect(takePostLoginTarget()).toBe('/');
  });

  test('an existing query string is kept', () => {
    expect(withOpenModal('/mayastyle?tab=reviews')).toBe('/mayastyle?tab=reviews&openModal=true');
    expect(withOpenModal('/mayastyle#about')).toBe('/mayastyle?openModal=true#about');
  });

  test("'/', paths without a slash and other sites go to / (or the guard's return path)", () => {
    for (const stored of ['/', 'mayastyle', '//evil.example/x', 'https://evil.example/x']) {
      writeStorage(REDIRECT_AFTER_LOGIN_KEY, stored);
      expect(takePostLoginTarget()).toBe('/');
    }
    expect(takePostLoginTarget('/profile')).toBe('/profile');
    expect(takePostLoginTarget('//evil.example')).toBe('/');
  });
});

test('signing out clears only the auth keys (spec §4 Auth)', () => {
  writeStorage(SIGNED_IN_HINT_KEY, '1');
  writeStorage('fanline:auth:pending-creator-verification', 'x', 'session');
  writeStorage(REDIRECT_AFTER_LOGIN_KEY, '/mayastyle');
  clearStoredAuthKeys();
  expect(readStorage(SIGNED_IN_HINT_KEY)).toBeNull();
  expect(readStorage('fanline:auth:pending-creator-verification', 'session')).toBeNull();
  expect(readStorage(REDIRECT_AFTER_LOGIN_KEY)).toBe('/mayastyle');
});
