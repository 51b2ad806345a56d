import { describe, expect, test } from 'vitest';
import { FALLBACK_CONFIG, fillCopy } from '../../lib/platform-config';
import { moneyBackCopy } from './money-back-copy';

describe('the promise made when paying', () => {
  test('promises "not charged" only while cards are merely held', () => {
    const fill = (text: string, config = FALLBACK_CONFIG) => fillCopy(text, config, moneyBackCopy(config));
    expect(fill('{notCharged}{released}')).toBe('you are not charged and the hold is released');
    expect(fill('{notCharged}{released}', { ...FALLBACK_CONFIG, paymentMode: 'charge' })).toBe(
      'you are refunded in full',
    );
  });
});
