import { describe, expect, test } from 'vitest';
import { cardExpired, ZLocalPayRequest } from './payments';

const card = { cardNumber: '4242 4242 4242 4242', cvc: '123', name: 'Test Fan' };

describe('the test checkout refuses an expired card (issue 36 §8)', () => {
  test('a month in the past is expired; the current month and later are not', () => {
    const now = new Date(Date.UTC(2026, 10, 28));
    expect(cardExpired('01 / 20', now)).toBe(true);
    expect(cardExpired('10 / 26', now)).toBe(true);
    expect(cardExpired('11 / 26', now)).toBe(false);
    expect(cardExpired('12 / 34', now)).toBe(false);
  });

  test('the shared schema answers "Your card has expired." on the expiry field', () => {
    const parsed = ZLocalPayRequest.safeParse({ ...card, expiry: '01 / 20' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['expiry', 'Your card has expired.'],
    ]);
    expect(ZLocalPayRequest.safeParse({ ...card, expiry: '12 / 34' }).success).toBe(true);
  });
});
