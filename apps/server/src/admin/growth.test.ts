import { describe, expect, test } from 'vitest';
import { growthPercent } from './list-transactions';

// Issue 25 §2: the admin's "from last month" figure is computed, never the spec's fixed +12.5%.
describe('revenue growth month over month', () => {
  test('a change against last month in percent, one decimal; nothing to compare with gives null', () => {
    expect(growthPercent(11_250, 10_000)).toBe(12.5);
    expect(growthPercent(5_000, 10_000)).toBe(-50);
    expect(growthPercent(10_000, 3_000)).toBe(233.3);
    expect(growthPercent(10_000, 0)).toBeNull();
    expect(growthPercent(0, 0)).toBeNull();
  });
});
