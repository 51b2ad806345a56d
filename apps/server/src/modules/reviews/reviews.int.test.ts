import { REVIEW_MESSAGES } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { creatorStats } from '../../db/schema';
import { createUser, fanAndCreator, sendPaidMessage, signIn, useTestApp } from '../../testing';

const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

const REPLY = 'Thanks for writing! Here is my honest advice for you.';
const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function rating(creatorId: string) {
  const [row] = await t.database.db
    .select({ average: creatorStats.averageRating, count: creatorStats.reviewCount })
    .from(creatorStats)
    .where(eq(creatorStats.creatorId, creatorId));
  return row;
}

/** A fan whose paid message the creator has answered: the one situation a review is allowed in. */
async function repliedConversation() {
  const pair = await fanAndCreator(t.app, t.database.db);
  const { messageId } = await sendPaidMessage(t.app, pair.fanCookie, pair.creator.id);
  const reply = await call('POST', `/api/messages/${messageId}/reply`, pair.creatorCookie, { content: REPLY });
  expect(reply.statusCode, reply.body).toBe(200);
  return { ...pair, conversationId: messageId };
}

describe('writing a review', () => {
  test('a replied fan reviews once; profile, browse card and list show it; a second one is a duplicate', async () => {
    const { fanCookie, creator, conversationId } = await repliedConversation();
    const created = await call('POST', '/api/reviews', fanCookie, {
      creatorId: creator.id,
      conversationId,
      rating: 5,
      title: '  Great advice ',
      message: 'Clear and kind.',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ rating: 5, title: 'Great advice', message: 'Clear and kind.' });
    expect(await rating(creator.id)).toEqual({ average: 5, count: 1 });

    const profile = await t.app.inject({ url: `/api/profiles/${creator.username}` });
    expect(profile.json()).toMatchObject({ averageRating: 5, reviewCount: 1 });
    const list = await t.app.inject({ url: `/api/profiles/${creator.username}/reviews` });
    expect(list.json().reviews.map((r: { title: string }) => r.title)).toEqual(['Great advice']);
    const browse = await t.app.inject({ url: `/api/creators?search=${creator.username}` });
    expect(browse.json().creators[0]).toMatchObject({ averageRating: 5, reviewCount: 1 });

    const mine = await call(
      'GET',
      `/api/reviews/mine?creatorId=${creator.id}&conversationId=${conversationId}`,
      fanCookie,
    );
    expect(mine.json().review.id).toBe(created.json().id);

    const again = await call('POST', '/api/reviews', fanCookie, { creatorId: creator.id, conversationId, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REVIEW_MESSAGES.duplicate);
    expect(await rating(creator.id)).toEqual({ average: 5, count: 1 });
  });

  test('no review without a reply, for a stranger conversation, or signed out', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    const unanswered = await call('POST', '/api/reviews', fanCookie, {
      creatorId: creator.id,
      conversationId: messageId,
      rating: 4,
    });
    expect(unanswered.statusCode).toBe(403);
    expect(unanswered.json().error.message).toBe(REVIEW_MESSAGES.notReplied);

    // Someone else's answered conversation does not count for me.
    const other = await repliedConversation();
    const stranger = await call('POST', '/api/reviews', fanCookie, {
      creatorId: other.creator.id,
      conversationId: other.conversationId,
      rating: 4,
    });
    expect(stranger.statusCode).toBe(403);

    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { creatorId: other.creator.id, conversationId: other.conversationId, rating: 4 },
    });
    expect(guest.statusCode).toBe(401);
    expect(await rating(other.creator.id)).toEqual({ average: null, count: 0 });
  });

  test('bad input is a 400 with the field: no rating, rating outside 1–5, title over 100, text over 500', async () => {
    const { fanCookie, creator, conversationId } = await repliedConversation();
    const base = { creatorId: creator.id, conversationId };
    for (const bad of [
      {},
      { title: 'Great', message: 'No stars chosen' },
      { rating: null },
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: 3, title: 'x'.repeat(101) },
      { rating: 3, message: 'x'.repeat(501) },
    ]) {
      const response = await call('POST', '/api/reviews', fanCookie, { ...base, ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // Issue 36 §4: a review without a chosen rating is refused, and says why.
    const unrated = await call('POST', '/api/reviews', fanCookie, base);
    expect(unrated.body).toContain('Choose a rating from 1 to 5 stars');
    expect(await rating(creator.id)).toEqual({ average: null, count: 0 });
    const edge = await call('POST', '/api/reviews', fanCookie, {
      ...base,
      rating: 1,
      title: 'x'.repeat(100),
      message: 'y'.repeat(500),
    });
    expect(edge.statusCode).toBe(201);
  });
});

describe('changing a review', () => {
  test('the author edits and deletes it, and the average follows; nobody else can', async () => {
    const first = await repliedConversation();
    const created = await call('POST', '/api/reviews', first.fanCookie, {
      creatorId: first.creator.id,
      conversationId: first.conversationId,
      rating: 4,
    });
    const id = created.json().id;
    // A second fan's review of the same creator.
    const secondFan = await createUser(t.database.db);
    const secondCookie = await signIn(t.app, secondFan.email ?? '');
    const { messageId } = await sendPaidMessage(t.app, secondCookie, first.creator.id);
    await call('POST', `/api/messages/${messageId}/reply`, first.creatorCookie, { content: REPLY });
    await call('POST', '/api/reviews', secondCookie, {
      creatorId: first.creator.id,
      conversationId: messageId,
      rating: 1,
    });
    expect(await rating(first.creator.id)).toEqual({ average: 2.5, count: 2 });

    const foreign = await call('PATCH', `/api/reviews/${id}`, secondCookie, { rating: 1 });
    expect(foreign.statusCode).toBe(403);
    expect((await call('DELETE', `/api/reviews/${id}`, secondCookie)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/reviews/${id}`, first.creatorCookie)).statusCode).toBe(403);

    const edited = await call('PATCH', `/api/reviews/${id}`, first.fanCookie, {
      rating: 2,
      title: 'Changed',
      message: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ rating: 2, title: 'Changed', message: null });
    expect(await rating(first.creator.id)).toEqual({ average: 1.5, count: 2 });

    expect((await call('DELETE', `/api/reviews/${id}`, first.fanCookie)).statusCode).toBe(204);
    expect(await rating(first.creator.id)).toEqual({ average: 1, count: 1 });
    expect((await call('PATCH', `/api/reviews/${id}`, first.fanCookie, { rating: 3 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/reviews/${id}`, first.fanCookie)).statusCode).toBe(404);
    const mine = await call(
      'GET',
      `/api/reviews/mine?creatorId=${first.creator.id}&conversationId=${first.conversationId}`,
      first.fanCookie,
    );
    expect(mine.json()).toEqual({ review: null });
  });
});

describe('responding to a review', () => {
  test('only the addressed creator responds and deletes the response; empty and long texts are refused', async () => {
    const { fanCookie, creatorCookie, creator, conversationId } = await repliedConversation();
    const id = (
      await call('POST', '/api/reviews', fanCookie, { creatorId: creator.id, conversationId, rating: 4 })
    ).json().id;
    const otherCreator = await fanAndCreator(t.app, t.database.db);

    const empty = await call('PUT', `/api/reviews/${id}/response`, creatorCookie, { response: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(REVIEW_MESSAGES.responseRequired);
    const long = await call('PUT', `/api/reviews/${id}/response`, creatorCookie, { response: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect((await call('PUT', `/api/reviews/${id}/response`, fanCookie, { response: 'Mine!' })).statusCode).toBe(403);
    const foreign = await call('PUT', `/api/reviews/${id}/response`, otherCreator.creatorCookie, { response: 'Hi' });
    expect(foreign.statusCode).toBe(403);

    const responded = await call('PUT', `/api/reviews/${id}/response`, creatorCookie, { response: ' Thank you! ' });
    expect(responded.statusCode, responded.body).toBe(200);
    expect(responded.json()).toMatchObject({ creatorResponse: 'Thank you!' });
    const list = await t.app.inject({ url: `/api/profiles/${creator.username}/reviews` });
    expect(list.json().reviews[0]).toMatchObject({ creatorResponse: 'Thank you!' });
    expect(list.json().reviews[0].creatorResponseAt).not.toBeNull();

    expect((await call('DELETE', `/api/reviews/${id}/response`, fanCookie)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/reviews/${id}/response`, creatorCookie)).statusCode).toBe(204);
    const after = await t.app.inject({ url: `/api/profiles/${creator.username}/reviews` });
    expect(after.json().reviews[0]).toMatchObject({ creatorResponse: null, creatorResponseAt: null });
  });
});

describe('concurrent reviews', () => {
  test('two fans reviewing one creator at once both count', async () => {
    const a = await repliedConversation();
    const secondFan = await createUser(t.database.db);
    const secondCookie = await signIn(t.app, secondFan.email ?? '');
    const { messageId } = await sendPaidMessage(t.app, secondCookie, a.creator.id);
    await call('POST', `/api/messages/${messageId}/reply`, a.creatorCookie, { content: REPLY });
    const [one, two] = await Promise.all([
      call('POST', '/api/reviews', a.fanCookie, {
        creatorId: a.creator.id,
        conversationId: a.conversationId,
        rating: 5,
      }),
      call('POST', '/api/reviews', secondCookie, { creatorId: a.creator.id, conversationId: messageId, rating: 2 }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(await rating(a.creator.id)).toEqual({ average: 3.5, count: 2 });
  });

  test('a double submit yields one review and one 409', async () => {
    const { fanCookie, creator, conversationId } = await repliedConversation();
    const body = { creatorId: creator.id, conversationId, rating: 5 };
    const results = await Promise.all([
      call('POST', '/api/reviews', fanCookie, body),
      call('POST', '/api/reviews', fanCookie, body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await rating(creator.id)).toEqual({ average: 5, count: 1 });
  });
});
