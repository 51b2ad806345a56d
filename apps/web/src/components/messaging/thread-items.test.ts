import type { TThreadMessage } from '@fanline/contracts';
import { describe, expect, test } from 'vitest';
import { threadItems } from './thread-items';

const FAN = '00000000-0000-4000-8000-000000000001';
const CREATOR = '00000000-0000-4000-8000-000000000002';
const CONV = '00000000-0000-4000-8000-0000000000c0';

const message = (id: string, at: string, extra: Partial<TThreadMessage> = {}): TThreadMessage => ({
  id,
  conversationId: CONV,
  senderId: FAN,
  recipientId: CREATOR,
  content: `message ${id}`,
  amount: 2500,
  status: 'sent',
  isFollowup: false,
  responseContent: null,
  respondedAt: null,
  expiresAt: null,
  declineReason: null,
  endedBy: null,
  declineNote: null,
  createdAt: at,
  attachments: [],
  flag: null,
  flaggableUntil: null,
  ...extra,
});

describe('thread items (spec §2 Conversation view)', () => {
  test('a response is its own item, placed at its time, after later messages it answers', () => {
    const items = threadItems([
      message('a', '2026-01-01T10:00:00Z', { status: 'responded' }),
      message('b', '2026-01-01T11:00:00Z', {
        status: 'responded',
        responseContent: 'Thanks for both!',
        respondedAt: '2026-01-01T12:00:00Z',
      }),
      message('c', '2026-01-01T13:00:00Z', {
        senderId: CREATOR,
        recipientId: FAN,
        amount: 0,
        isFollowup: true,
        content: 'One more tip',
      }),
    ]);
    expect(items.map((item) => item.key)).toEqual(['a', 'b', 'b-response', 'c']);
    const response = items[2];
    expect(response?.kind === 'response' && response.content).toBe('Thanks for both!');
  });
});
