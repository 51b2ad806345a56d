import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { dollarsToCents, formatCents, formatCount, formatInteger, splitAmount } from './money';

describe('splitAmount', () => {
  test('takes 25 percent rounded down for the platform and gives the creator the rest', () => {
    expect(splitAmount(2500, 25)).toEqual({ platformFee: 625, creatorShare: 1875 });
    expect(splitAmount(1001, 25)).toEqual({ platformFee: 250, creatorShare: 751 });
    expect(splitAmount(500, 0)).toEqual({ platformFee: 0, creatorShare: 500 });
  });

  test('always balances: fee + share = amount, fee never exceeds the exact commission', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 50 }), (amount, percent) => {
        const { platformFee, creatorShare } = splitAmount(amount, percent);
        expect(platformFee + creatorShare).toBe(amount);
        expect(platformFee).toBeLessThanOrEqual((amount * percent) / 100);
        expect(Number.isInteger(platformFee)).toBe(true);
      }),
    );
  });

  test('refuses fractional cents and out-of-range commissions', () => {
    expect(() => splitAmount(10.5, 25)).toThrow(RangeError);
    expect(() => splitAmount(-1, 25)).toThrow(RangeError);
    expect(() => splitAmount(100, 101)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  test('cents show as dollars, with cents only when there are some', () => {
    expect(formatCents(2500)).toBe('$25');
    expect(formatCents(2550)).toBe('$25.50');
    expect(formatCents(50000)).toBe('$500');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(100000)).toBe('$1,000');
    expect(dollarsToCents(25.5)).toBe(2550);
  });

  test('written-out formatting says what Intl.NumberFormat en-US says, for every amount and count', () => {
    const whole = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
    const withCents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        const dollars = cents / 100;
        expect(formatCents(cents)).toBe(`$${(Number.isInteger(dollars) ? whole : withCents).format(dollars)}`);
        expect(formatInteger(cents)).toBe(cents.toLocaleString('en-US'));
      }),
    );
  });

  test('follower counts abbreviate to K from 1,000 and M from 1,000,000 with one decimal', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1K');
    expect(formatCount(12_500)).toBe('12.5K');
    expect(formatCount(1_240_000)).toBe('1.2M');
  });
});
