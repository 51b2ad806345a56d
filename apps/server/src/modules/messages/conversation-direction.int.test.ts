import { describe, expect, test } from 'vitest';
import { createCreator, SAMPLE_MESSAGE, sendPaidMessage, signIn, useTestApp } from '../../testing';

const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const reply = (cookie: string, messageId: string, content: string) =>
  t.app.inject({ method: 'POST', url: `/api/messages/${messageId}/reply`, headers: { cookie }, payload: { content } });

// Security review M4: a conversation is one (fan, creator) direction. Two creators who message each
// other have two conversations, and each paid message is answered by its recipient.
describe('two creators messaging each other', () => {
  test('A pays B, then B pays A: each answers the other’s message and sees the right role', async () => {
    const a = await createCreator(t.database.db, { messagePrice: 2500 });
    const b = await createCreator(t.database.db, { messagePrice: 3000 });
    const aCookie = await signIn(t.app, a.email ?? '');
    const bCookie = await signIn(t.app, b.email ?? '');

    const aToB = await sendPaidMessage(t.app, aCookie, b.id, SAMPLE_MESSAGE);
    const bToA = await sendPaidMessage(t.app, bCookie, a.id, 'Returning the favour: what do you think of my plan?');

    // Each direction is its own conversation.
    const aThread = (await get(aCookie, `/api/conversations/${bToA.messageId}`)).json();
    expect(aThread).toMatchObject({ viewerRole: 'creator', creatorBox: 'response', otherParty: { id: b.id } });
    expect(aThread.messages.map((m: { id: string }) => m.id)).toEqual([bToA.messageId]);
    const aOwn = (await get(aCookie, `/api/conversations/${aToB.messageId}`)).json();
    expect(aOwn).toMatchObject({ viewerRole: 'sender', creatorBox: null, otherParty: { id: b.id } });
    expect(aOwn.messages.map((m: { id: string }) => m.id)).toEqual([aToB.messageId]);
    expect(aThread.conversationId).not.toBe(aOwn.conversationId);

    const aList = (await get(aCookie, '/api/conversations')).json().conversations;
    expect(aList).toHaveLength(2);
    expect(aList.find((c: { conversationId: string }) => c.conversationId === aThread.conversationId)).toMatchObject({
      pendingCount: 1,
      waitingCount: 0,
    });
    expect(aList.find((c: { conversationId: string }) => c.conversationId === aOwn.conversationId)).toMatchObject({
      pendingCount: 0,
      waitingCount: 1,
    });

    // A answers B's message, and B answers A's.
    const aReply = await reply(aCookie, bToA.messageId, 'Thanks B, here is my answer to you.');
    expect(aReply.statusCode).toBe(200);
    const bReply = await reply(bCookie, aToB.messageId, 'Thanks A, here is my answer to you.');
    expect(bReply.statusCode).toBe(200);

    const bView = (await get(bCookie, `/api/conversations/${bToA.messageId}`)).json();
    expect(bView).toMatchObject({ viewerRole: 'sender', senderCanContinue: true, otherParty: { id: a.id } });
    expect(bView.messages[0]).toMatchObject({
      status: 'responded',
      responseContent: 'Thanks B, here is my answer to you.',
    });
    const aView = (await get(aCookie, `/api/conversations/${aToB.messageId}`)).json();
    expect(aView.messages[0]).toMatchObject({
      status: 'responded',
      responseContent: 'Thanks A, here is my answer to you.',
    });

    // Neither may answer their own paid message.
    expect((await reply(aCookie, aToB.messageId, 'Answering myself here, should fail.')).statusCode).toBe(404);
  });

  test('a second message in the same direction joins that direction’s conversation', async () => {
    const a = await createCreator(t.database.db);
    const b = await createCreator(t.database.db);
    const aCookie = await signIn(t.app, a.email ?? '');
    const bCookie = await signIn(t.app, b.email ?? '');
    const first = await sendPaidMessage(t.app, aCookie, b.id);
    await sendPaidMessage(t.app, bCookie, a.id);
    const second = await sendPaidMessage(t.app, aCookie, b.id, 'One more question about the plan, please.');
    const thread = (await get(bCookie, `/api/conversations/${second.messageId}`)).json();
    expect(thread.conversationId).toBe(first.messageId);
    expect(thread.messages.map((m: { id: string }) => m.id).sort()).toEqual([first.messageId, second.messageId].sort());
    expect(thread.viewerRole).toBe('creator');
  });
});

// Security review I5: the list is paged with a keyset cursor, never capped.
describe('GET /api/conversations paging', () => {
  test('walks every conversation once, newest first, and refuses a forged cursor with 400', async () => {
    const fan = await createCreator(t.database.db);
    const fanCookie = await signIn(t.app, fan.email ?? '');
    const creators = [];
    for (let i = 0; i < 5; i++) {
      const creator = await createCreator(t.database.db);
      creators.push(creator);
      await sendPaidMessage(t.app, fanCookie, creator.id);
      t.clock.advance(1000);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await get(fanCookie, `/api/conversations?${query}`);
      expect(page.statusCode).toBe(200);
      const body = page.json();
      expect(body.conversations.length).toBeLessThanOrEqual(2);
      seen.push(...body.conversations.map((c: { otherParty: { id: string } }) => c.otherParty.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(creators.map((c) => c.id).reverse());

    const forged = Buffer.from(JSON.stringify(['not a time', creators[0]?.id])).toString('base64url');
    expect((await get(fanCookie, `/api/conversations?cursor=${forged}`)).statusCode).toBe(400);
  });
});
