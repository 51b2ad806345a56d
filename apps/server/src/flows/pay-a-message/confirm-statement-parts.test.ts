import { LIMITS } from '@fanline/contracts';
import { describe, expect, test } from 'vitest';
import { ACCOUNTS, ledgerTransactionPart } from '../../modules/ledger';
import { messageGoesLive } from '../../modules/messages';
import { notificationPart } from '../../modules/notifications';
import { effectsPart } from '../../modules/outbox';

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

  test("notifications' part writes the creator's bell about the message, its body cut to the limit", () => {
    const part = notificationPart('notice');
    const now = new Date('2026-11-26T10:00:00.000Z');
    const long = 'x'.repeat(LIMITS.notificationBody.max + 50);
    const note = part.fill({
      userId: 'u-1',
      type: 'new_message',
      title: 'New message',
      body: long,
      messageId: 'm-1',
      now,
    });
    expect(note.values).toMatchObject({
      'notice.id': note.id,
      'notice.userId': 'u-1',
      'notice.type': 'new_message',
      'notice.relatedEntityId': 'm-1',
      'notice.relatedEntityType': 'message',
      'notice.createdAt': '2026-11-26T10:00:00.000Z',
    });
    expect(String(note.values['notice.body'])).toHaveLength(LIMITS.notificationBody.max);
    expect(part.fill({ userId: 'u-1', type: 'new_message', title: 't', body: 'b', messageId: 'm-1', now }).id).not.toBe(
      note.id,
    );
  });

  test("the outbox's part writes exactly its effects, keyed, with their order, and their keys to carry out", () => {
    const part = effectsPart('effects', 2);
    const now = new Date('2026-11-26T10:00:00.000Z');
    const written = part.fill(
      [
        { kind: 'auto-flag', key: 'auto-flag:m-1', payload: { id: 'm-1', content: 'Hi' } },
        {
          kind: 'mail-new-message',
          key: 'mail-new-message:m-1',
          payload: { creatorId: 'c-1' },
          after: 'auto-flag:m-1',
        },
      ],
      now,
    );
    expect(written.keys).toEqual(['auto-flag:m-1', 'mail-new-message:m-1']);
    expect(written.values).toMatchObject({
      'effects.now': '2026-11-26T10:00:00.000Z',
      'effects.kind0': 'auto-flag',
      'effects.payload0': JSON.stringify({ id: 'm-1', content: 'Hi' }),
      'effects.orderingKey0': null,
      'effects.after0': null,
      'effects.key1': 'mail-new-message:m-1',
      'effects.after1': 'auto-flag:m-1',
    });
    expect(() => part.fill([{ kind: 'auto-flag', key: 'k', payload: {} }], now)).toThrow();
  });
});
