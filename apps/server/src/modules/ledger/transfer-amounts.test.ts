import { describe, expect, test } from 'vitest';
import { transferAmounts } from './transfer-amounts';

// Decision 0055: a payout that nets a debt keeps the difference back from its first earnings.
describe('transferAmounts', () => {
  test('without a debt every earning goes whole', () => {
    expect(transferAmounts([{ amount: 7_500 }, { amount: 2_000 }], 9_500)).toEqual([7_500, 2_000]);
  });
  test('a debt is kept back from the first earnings, whole or in part, and the rest goes', () => {
    expect(transferAmounts([{ amount: 7_500 }, { amount: 7_500 }, { amount: 7_500 }], 15_000)).toEqual([
      0, 7_500, 7_500,
    ]);
    expect(transferAmounts([{ amount: 5_000 }, { amount: 7_500 }], 10_000)).toEqual([2_500, 7_500]);
    expect(transferAmounts([{ amount: 1_000 }, { amount: 1_000 }, { amount: 9_000 }], 9_500)).toEqual([0, 500, 9_000]);
  });
  test('the amounts always add up to the payout', () => {
    const owed = [{ amount: 1_234 }, { amount: 5_678 }, { amount: 9_012 }];
    for (const payout of [1, 6_000, 15_924])
      expect(transferAmounts(owed, payout).reduce((sum, a) => sum + a, 0)).toBe(payout);
  });
});
