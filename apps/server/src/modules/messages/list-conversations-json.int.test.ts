import { ZConversationsResponse } from '@fanline/contracts';
import { describe, expect, test } from 'vitest';
import { fanAndCreator, sendPaidMessage, useTestApp } from '../../testing';

// driver-sensitive: JSON the database keeps is returned as text by one driver and parsed by the other (vitest.config.ts).

// Issue 14: the list's JSON is copied from JSON the database keeps (migration 0023) and written from
// the statement's other columns (conversationJson), not by a serializer. It must be what the contract
// says and what JSON.stringify would have written, whatever the text holds, and it must never be stale.
const t = useTestApp();

describe('GET /api/conversations as JSON written from the columns', () => {
  test('is compact standard JSON matching the contract: texts exactly as sent, times as toISOString writes them', async () => {
    const { fanCookie, creator, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const tricky = 'He said "hi" \\ then\nleft\ttabbed — café 😀 </script> {"not": "json"}';
    await sendPaidMessage(t.app, fanCookie, creator.id, tricky);
    for (const cookie of [fanCookie, creatorCookie]) {
      const response = await t.app.inject({ url: '/api/conversations', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const parsed = JSON.parse(response.body);
      // Byte for byte what JSON.stringify writes for the same values, keys in the contract's order.
      expect(response.body).toBe(JSON.stringify(parsed));
      const decoded = ZConversationsResponse.parse(parsed);
      expect(JSON.stringify(ZConversationsResponse.encode(decoded))).toBe(response.body);
      const [only] = decoded.conversations;
      expect(only?.lastMessageContent).toBe(tricky);
      expect(only?.otherParty.displayName === null || typeof only?.otherParty.displayName === 'string').toBe(true);
      expect(parsed.conversations[0].lastActivity).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(decoded.nextCursor).toBeNull();
    }
  });

  test('shows the other party and the last message as they are now, after every change', async () => {
    const { fanCookie, creator, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    await sendPaidMessage(t.app, fanCookie, creator.id, 'A first question for you, please?');
    const list = async (cookie: string) => {
      const response = await t.app.inject({ url: '/api/conversations', headers: { cookie } });
      expect(response.body).toBe(JSON.stringify(JSON.parse(response.body)));
      const [only] = ZConversationsResponse.parse(JSON.parse(response.body)).conversations;
      return only;
    };
    const before = await list(fanCookie);
    // No line break: display names refuse control characters (issue 25 N4); the first test covers them in texts.
    const name = 'Dr. "Quote" \\ Back/slash — é';
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/me',
      headers: { cookie: creatorCookie },
      payload: { displayName: name, messagePrice: 4_500, isAvailable: false },
    });
    expect(changed.statusCode).toBe(200);
    const after = await list(fanCookie);
    expect(after?.otherParty).toEqual({
      ...before?.otherParty,
      displayName: name,
      messagePrice: 4_500,
      isAvailable: false,
    });
    // The creator's answer, a minute later, becomes the last message on both sides, counted and timed.
    t.clock.advance(60_000);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${before?.lastMessageId}/reply`,
      headers: { cookie: creatorCookie },
      payload: { content: 'Here is "my" answer,\nwith a line break.' },
    });
    expect(reply.statusCode).toBe(200);
    for (const [cookie, fromMe] of [
      [fanCookie, false],
      [creatorCookie, true],
    ] as const) {
      const now = await list(cookie);
      expect(now?.lastMessageContent).toBe('Here is "my" answer,\nwith a line break.');
      expect(now?.lastMessageFromMe).toBe(fromMe);
      expect(now?.messageCount).toBe(1);
      expect(new Date(now?.lastActivity ?? 0).getTime() - new Date(before?.lastActivity ?? 0).getTime()).toBe(60_000);
    }
  });
});
