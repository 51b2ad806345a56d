import { describe, expect, test } from 'vitest';
import { payoutReadiness } from './payout-readiness';

describe('payoutReadiness', () => {
  test('below the minimum it says how far the creator is, from the figures given', () => {
    expect(payoutReadiness({ available: 6_250, minimumPayout: 10_000, payoutAccountReady: true })).toEqual({
      kind: 'below-minimum',
      shortBy: 3_750,
      note: '$37.50 more to reach the $100 minimum',
    });
    expect(payoutReadiness({ available: 0, minimumPayout: 5_000, payoutAccountReady: true })).toMatchObject({
      note: '$50 more to reach the $50 minimum',
    });
  });

  test('at or over the minimum a payout can be requested; without an account it cannot', () => {
    expect(payoutReadiness({ available: 10_000, minimumPayout: 10_000, payoutAccountReady: true }).kind).toBe('ready');
    expect(payoutReadiness({ available: 50_000, minimumPayout: 10_000, payoutAccountReady: false }).kind).toBe(
      'no-account',
    );
  });
});
