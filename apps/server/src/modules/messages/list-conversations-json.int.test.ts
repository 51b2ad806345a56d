import { ZConversationsResponse } from '@fanline/contracts';
import { describe, expect, test } from 'vitest';
import { fanAndCreator, sendPaidMessage, useTestApp } from '../../testing';

// Issue 14: the list's JSON is written straight from the statement's columns (conversationJson), not
// by a serializer. It must be what the contract says and what JSON.stringify would have written,
// whatever the text holds.
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
});
