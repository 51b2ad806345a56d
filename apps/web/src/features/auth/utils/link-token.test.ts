import { describe, expect, test } from 'vitest';
import { linkToken } from './link-token';

describe('linkToken', () => {
  test('reads the token from the fragment of a mailed link', () => {
    expect(linkToken({ hash: '#token=abc123', search: '' })).toBe('abc123');
    expect(linkToken({ hash: '#token=a%2Bb', search: '' })).toBe('a+b');
  });

  test('a link mailed before the fragment change still works; nothing gives an empty token', () => {
    expect(linkToken({ hash: '', search: '?token=old' })).toBe('old');
    expect(linkToken({ hash: '', search: '' })).toBe('');
    expect(linkToken({ hash: '#other=1', search: '' })).toBe('');
  });
});
