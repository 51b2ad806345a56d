import { MESSAGE_MESSAGES } from '@fanline/contracts';
import { describe, expect, test } from 'vitest';
import { fanAndCreator, sendPaidMessage, useTestApp } from '../../testing';

// Issue 36 points 7 and 12: the fan learns before writing that a creator blocked them, and the
// creator is offered no follow-up into a conversation that a decline or a block has ended.

const a = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

const get = (url: string, cookie?: string) => a.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const send = (method: 'PUT' | 'POST', url: string, cookie: string, payload?: object) =>
  a.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const followUp = (messageId: string, cookie: string) =>
  send('POST', `/api/messages/${messageId}/follow-up`, cookie, { content: 'One more thought for you, free.' });

describe('can this fan message this creator? (GET /api/profiles/:username/eligibility)', () => {
  test('yes until the creator blocks them; then no, with the reason the checkout gives', async () => {
    const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(a.app, a.database.db);
    const url = `/api/profiles/${creator.username}/eligibility`;
    const before = await get(url, fanCookie);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ canMessage: true, reason: null, message: null });
    expect(before.headers['cache-control']).toContain('no-store');

    expect((await send('PUT', `/api/creator/blocks/${fan.id}`, creatorCookie)).statusCode).toBe(200);
    expect((await get(url, fanCookie)).json()).toEqual({
      canMessage: false,
      reason: 'blocked',
      message: MESSAGE_MESSAGES.blocked,
    });
    // The server still refuses on its own.
    const refused = await send('POST', '/api/checkout', fanCookie, {
      recipientId: creator.id,
      messageContent: 'Hello, I have a question for you please.',
    });
    expect(refused.statusCode).toBe(409);
    // Their own profile: not messageable; signed out: 401; an unknown creator: 404.
    expect((await get(url, creatorCookie)).json()).toMatchObject({ canMessage: false, reason: 'self' });
    expect((await get(url)).statusCode).toBe(401);
    expect((await get('/api/profiles/no_such_creator_xyz/eligibility', fanCookie)).statusCode).toBe(404);
  });
});

describe('the creator’s composer after a decline or a block (GET /api/conversations/:id)', () => {
  test('a declined conversation offers no follow-up; a new paid message opens the response box again', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(a.app, a.database.db);
    const { messageId } = await sendPaidMessage(a.app, fanCookie, creator.id);
    const url = `/api/conversations/${messageId}`;
    expect((await get(url, creatorCookie)).json()).toMatchObject({ creatorBox: 'response', closed: null });

    const declined = await send('POST', `/api/messages/${messageId}/decline`, creatorCookie, {
      reason: 'outside_expertise',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await get(url, creatorCookie)).json()).toMatchObject({ creatorBox: null, closed: 'declined' });
    // The fan's view has neither.
    expect((await get(url, fanCookie)).json()).toMatchObject({ creatorBox: null, closed: null });

    await sendPaidMessage(a.app, fanCookie, creator.id);
    expect((await get(url, creatorCookie)).json()).toMatchObject({ creatorBox: 'response', closed: null });
  });

  test('a blocked fan’s conversation offers nothing, and the server refuses a follow-up', async () => {
    const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(a.app, a.database.db);
    const { messageId } = await sendPaidMessage(a.app, fanCookie, creator.id);
    const replied = await send('POST', `/api/messages/${messageId}/reply`, creatorCookie, {
      content: 'Here is my full answer to you.',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const url = `/api/conversations/${messageId}`;
    expect((await get(url, creatorCookie)).json()).toMatchObject({ creatorBox: 'followup', closed: null });

    expect((await send('PUT', `/api/creator/blocks/${fan.id}`, creatorCookie)).statusCode).toBe(200);
    expect((await get(url, creatorCookie)).json()).toMatchObject({ creatorBox: null, closed: 'blocked' });
    const refused = await followUp(messageId, creatorCookie);
    expect(refused.statusCode).toBe(409);
    const thread = (await get(url, creatorCookie)).json().messages as unknown[];
    expect(thread).toHaveLength(1);
  });
});
