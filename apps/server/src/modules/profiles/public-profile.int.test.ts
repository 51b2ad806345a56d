import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { profileViews, reviews } from '../../db/schema';
import { createCreator, createUser, signIn, unique, useTestApp } from '../../testing';

const t = useTestApp({ env: { AUTH_IP_LIMIT: '1000' } });

const get = (url: string, cookie?: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress });

describe('GET /api/profiles/:username', () => {
  test('finds a creator by exact username, then case-insensitively', async () => {
    const creator = await createCreator(t.database.db, {
      username: unique('Mixed'),
      bio: 'Hi',
      portfolioImages: ['/a.webp'],
    });
    const exact = await get(`/api/profiles/${creator.username}`);
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toMatchObject({ id: creator.id, bio: 'Hi', portfolioImages: ['/a.webp'], messagePrice: 2500 });
    expect(exact.json()).not.toHaveProperty('email');
    expect((await get(`/api/profiles/${creator.username.toLowerCase()}`)).json().id).toBe(creator.id);
  });

  test('a non-creator or unknown name is not found; placeholders are invalid', async () => {
    const fan = await createUser(t.database.db);
    const notCreator = await get(`/api/profiles/${fan.username}`);
    expect(notCreator.statusCode).toBe(404);
    expect(notCreator.json().error.message).toBe(`Creator profile "${fan.username}" not found`);
    expect((await get('/api/profiles/nobody_at_all_here')).statusCode).toBe(404);
    for (const placeholder of ['%3Ausername', '%7Busername%7D', '%20']) {
      const response = await get(`/api/profiles/${placeholder}`);
      expect(response.statusCode, placeholder).toBe(400);
      expect(response.json().error.message).toBe('Invalid username in URL');
    }
  });
});

describe('profile views', () => {
  test('recorded once per viewer per 5 minutes, anonymous by address; the owner is not counted', async () => {
    const creator = await createCreator(t.database.db);
    const fan = await createUser(t.database.db);
    const fanCookie = await signIn(t.app, fan.email ?? '');
    const ownerCookie = await signIn(t.app, creator.email ?? '');
    const url = `/api/profiles/${creator.username}`;
    const views = () => t.database.db.select().from(profileViews).where(eq(profileViews.profileId, creator.id));

    await get(url, undefined, '10.1.1.1');
    await get(url, undefined, '10.1.1.1');
    await get(url, undefined, '10.1.1.2');
    await get(url, fanCookie);
    await get(url, fanCookie);
    await get(url, ownerCookie);
    const rows = await views();
    expect(rows.filter((r) => r.viewerId === null)).toHaveLength(2);
    expect(rows.filter((r) => r.viewerId === fan.id)).toHaveLength(1);
    expect(rows.filter((r) => r.viewerId === creator.id)).toHaveLength(0);

    t.clock.advance(6 * 60_000);
    await get(url, fanCookie);
    expect((await views()).filter((r) => r.viewerId === fan.id)).toHaveLength(2);
    const anonymous = await t.database.db
      .select()
      .from(profileViews)
      .where(and(eq(profileViews.profileId, creator.id), isNull(profileViews.viewerId)));
    expect(anonymous).toHaveLength(2);
  });
});

describe('GET /api/profiles/:username/reviews', () => {
  test('newest first with the author and the creator response, in pages', async () => {
    const creator = await createCreator(t.database.db);
    const authors = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
    const base = Date.now();
    for (const [i, author] of authors.entries()) {
      await t.database.db.insert(reviews).values({
        customerId: author.id,
        creatorId: creator.id,
        rating: 3 + i,
        title: `Review ${i}`,
        creatorResponse: i === 2 ? 'Thank you!' : null,
        createdAt: new Date(base + i * 1000),
      });
    }
    const first = await get(`/api/profiles/${creator.username}/reviews?limit=2`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.reviews.map((r: { title: string }) => r.title)).toEqual(['Review 2', 'Review 1']);
    expect(page1.reviews[0]).toMatchObject({
      rating: 5,
      creatorResponse: 'Thank you!',
      customer: { username: authors[2]?.username },
    });
    const page2 = (await get(`/api/profiles/${creator.username}/reviews?limit=2&cursor=${page1.nextCursor}`)).json();
    expect(page2.reviews.map((r: { title: string }) => r.title)).toEqual(['Review 0']);
    expect(page2.nextCursor).toBeNull();
  });
});
