import { describe, expect, test } from 'vitest';
import { notificationTarget } from './notification-target';

const ID = '3f1c2a4e-0000-4000-8000-000000000001';

describe('notification links (spec §2 Creator layout bell)', () => {
  test('a new message opens the creator conversation; replies and refunds open the sender view', () => {
    expect(notificationTarget({ type: 'new_message', relatedEntityId: ID })).toBe(`/dashboard/messages/${ID}`);
    expect(notificationTarget({ type: 'message_response', relatedEntityId: ID })).toBe(`/messages/${ID}`);
    expect(notificationTarget({ type: 'message_refunded', relatedEntityId: ID })).toBe(`/messages/${ID}`);
    expect(notificationTarget({ type: 'message_reminder', relatedEntityId: ID })).toBe(`/dashboard/messages/${ID}`);
    expect(notificationTarget({ type: 'new_message', relatedEntityId: null })).toBeNull();
  });
});
