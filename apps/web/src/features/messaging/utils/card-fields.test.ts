import { describe, expect, test } from 'vitest';
import { formatCardNumber, formatExpiry, futureExpiry } from './card-fields';

describe('local checkout card fields', () => {
  test('card numbers group in fours and keep digits only', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000-0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42424')).toBe('4242 4');
  });

  test('expiry reads MM / YY', () => {
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('12 / 3')).toBe('12 / 3');
    expect(formatExpiry('5')).toBe('05');
    expect(formatExpiry('1')).toBe('1');
  });

  test('the shortcut expiry is a year ahead', () => {
    expect(futureExpiry(new Date(2026, 10, 22))).toBe('11 / 27');
  });
});
