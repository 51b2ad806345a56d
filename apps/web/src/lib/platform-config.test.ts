import { describe, expect, test } from 'vitest';
import { FALLBACK_CONFIG, fillCopy } from './platform-config';

describe('fillCopy', () => {
  test('states the live window, split and price bounds', () => {
    const config = {
      ...FALLBACK_CONFIG,
      responseWindowHours: 48,
      commissionPercent: 30,
      creatorSharePercent: 70,
      price: { ...FALLBACK_CONFIG.price, minDollars: 10, maxDollars: 200 },
    };
    expect(fillCopy('{hours} or refund', config)).toBe('48 hours or refund');
    expect(fillCopy('our {hour} guarantee', config)).toBe('our 48-hour guarantee');
    expect(fillCopy('keep {share}, fee {fee}, from {min} to {max}', config)).toBe(
      'keep 70%, fee 30%, from $10 to $200',
    );
    expect(fillCopy('{hours}', { ...config, responseWindowHours: 1 })).toBe('1 hour');
  });

  test('extra values fill their placeholders; the settings win over them', () => {
    expect(fillCopy('{a} {hours}', FALLBACK_CONFIG, { a: 'b', hours: 'x' })).toBe('b 24 hours');
  });

  test('leaves unknown placeholders alone', () => {
    expect(fillCopy('{nope}', FALLBACK_CONFIG)).toBe('{nope}');
  });
});
