import { describe, expect, test } from 'vitest';
import { ACCOUNTS, ledgerTransactionPart } from '../ledger';
import { messageGoesLive } from '../messages';

// The paid message's statement (confirm-statements.ts) is composed from parts owned by the modules
// whose tables they write (decision 0021). Each part's own rule, checked where it is filled in.

describe('the parts of the paid message statement', () => {
  test("messages' part starts the response window at payment: expires_at = paid_at + window", () => {
    const part = messageGoesLive('paid');
    const now = new Date('2026-11-26T10:00:00.000Z');
    expect(part.status).toBe('sent');
    expect(part.fill({ messageId: 'm-1', now, windowHours: 24 })).toEqual({
      'paid.messageId': 'm-1',
      'paid.now': '2026-11-26T10:00:00.000Z',
      'paid.expiresAt': '2026-11-27T10:00:00.000Z',
    });
    expect(part.fill({ messageId: 'm-1', now, windowHours: 168 })['paid.expiresAt']).toBe('2026-12-03T10:00:00.000Z');
  });

  test("ledger's part books balanced legs only, and exactly as many as the statement has rows for", () => {
    const hold = ledgerTransactionPart('hold', 2);
    const legs = [
      { account: ACCOUNTS.card, amount: -2500 },
      { account: ACCOUNTS.senderHold, amount: 2500 },
    ];
    const booked = hold.fill({ kind: 'authorize', paymentId: 'p-1', legs });
    expect(booked.values).toMatchObject({
      'hold.kind': 'authorize',
      'hold.paymentId': 'p-1',
      'hold.account0': ACCOUNTS.card,
      'hold.amount0': -2500,
      'hold.account1': ACCOUNTS.senderHold,
      'hold.amount1': 2500,
      'hold.transactionId': booked.transactionId,
    });
    expect(() =>
      hold.fill({
        kind: 'authorize',
        paymentId: 'p-1',
        legs: [
          { account: ACCOUNTS.card, amount: -2500 },
          { account: ACCOUNTS.senderHold, amount: 2400 },
        ],
      }),
    ).toThrow();
    expect(() =>
      hold.fill({
        kind: 'authorize',
        paymentId: 'p-1',
        legs: [
          ...legs,
          { account: ACCOUNTS.platformRevenue, amount: 0 },
          { account: ACCOUNTS.card, amount: 1 },
          { account: ACCOUNTS.card, amount: -1 },
        ],
      }),
    ).toThrow();
  });
});
