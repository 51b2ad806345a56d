import { describe, expect, test } from 'vitest';
import { ZEmail, ZSignInRequest } from './auth';
import { isSafeText, ZText } from './common';
import { TEXT_MESSAGES } from './copy';
import { ZMessageContent } from './messages';

describe('isSafeText', () => {
  test('accepts ordinary text, emoji (paired surrogates) and other scripts', () => {
    for (const text of ['', 'hello', 'Grüße 👋🏽', '日本語', 'tab\tand\nnewline', '\u{10FFFF}']) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(true);
    }
  });

  test('refuses NUL and unpaired surrogates anywhere', () => {
    for (const text of [
      '\u0000',
      'a\u0000b',
      '\ud800',
      'a\ud800',
      '\ud800a',
      '\udc00',
      'a\udfffb',
      '👋'.slice(1),
      '\udc00\ud800',
    ]) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
    }
  });
});

test('the shared text schema and the schemas built on it name the problem', () => {
  expect(ZText.safeParse('a\u0000').error?.issues[0]?.message).toBe(TEXT_MESSAGES.invalidCharacters);
  expect(ZMessageContent.safeParse('Hello there \ud800 creator').error?.issues[0]?.message).toBe(
    TEXT_MESSAGES.invalidCharacters,
  );
  expect(ZText.trim().min(1).parse('  ok  ')).toBe('ok');
});

test('an email address is at most 254 characters, in sign-up and in sign-in', () => {
  // 64 + '@' + three 49-letter labels with their dots + the rest = 254 (a DNS label is at most 63).
  const label = 'b'.repeat(49);
  const fits = `${'a'.repeat(64)}@${label}.${label}.${label}.${'c'.repeat(254 - 65 - 150)}`;
  expect(fits).toHaveLength(254);
  expect(ZEmail.safeParse(fits).success).toBe(true);
  expect(ZEmail.safeParse(`${fits}x`).success).toBe(false);
  expect(ZSignInRequest.safeParse({ email: `${fits}x`, password: 'x' }).success).toBe(false);
});
