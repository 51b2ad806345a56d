import { SEARCH_MESSAGES } from '@fanline/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createCreator,
  createTestApp,
  createUser,
  type InstagramStandIn,
  signIn,
  startInstagramStandIn,
  unique,
  useTestApp,
} from '../../testing';

let instagram: InstagramStandIn;
beforeAll(async () => {
  instagram = await startInstagramStandIn();
});
afterAll(async () => {
  await instagram.close();
});
const t = useTestApp(() => ({
  env: { INSTAGRAM_LOOKUP_URL: instagram.url, INSTAGRAM_LOOKUP_KEY: instagram.key, AUTH_IP_LIMIT: '1000' },
}));

const find = async (q: string, status = 'all', app = t.app, from?: string) => {
  const params = new URLSearchParams({ q, status });
  if (from) params.set('from', from);
  const response = await app.inject({ method: 'GET', url: `/api/creators/find?${params}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    creators: Array<{ id: string }>;
    external: Array<Record<string, unknown>>;
    externalStatus: string;
  };
};

describe('platform results (spec §7 profiles full search)', () => {
  test('verified creators only, most followed first, matched by username, Instagram username or name', async () => {
    const tag = unique('full');
    const small = await createCreator(t.database.db, { username: `${tag}_a`, instagramFollowerCount: 10 });
    const big = await createCreator(t.database.db, { displayName: `Big ${tag}`, instagramFollowerCount: 5000 });
    const insta = await createCreator(t.database.db, { instagramUsername: `${tag}_ig`, instagramFollowerCount: 900 });
    await createCreator(t.database.db, { username: `${tag}_unverified`, threadsOnboardingCompleted: false });
    await createUser(t.database.db, { username: `${tag}_fan` });
    const result = await find(tag, 'on_platform');
    expect(result.creators.map((c) => c.id)).toEqual([big.id, insta.id, small.id]);
    expect(result.externalStatus).toBe('skipped');
  });

  test('at most 20', async () => {
    const tag = unique('many');
    for (let i = 0; i < 22; i++) await createCreator(t.database.db, { displayName: `Many ${tag} ${i}` });
    expect((await find(tag, 'on_platform')).creators).toHaveLength(20);
  });
});

describe('external lookup', () => {
  test('an off-platform account comes back normalized from the data service, with our key', async () => {
    const result = await find('outside_star');
    expect(result.externalStatus).toBe('ok');
    expect(result.external).toEqual([
      {
        id: 'instagram-9001',
        username: 'outside_star',
        full_name: 'Outside Star',
        biography: 'Not on Fanline yet',
        is_verified: true,
        follower_count: 1_250_000,
        profile_pic_url: 'https://images.example.test/outside_star_hd.jpg',
        is_private: false,
        is_creator: false,
        user_type: 'regular',
        on_platform: false,
      },
    ]);
    expect(instagram.requests.at(-1)).toMatchObject({ username: 'outside_star', key: instagram.key });
  });

  test('reads the other field variants (pk_id, follower_count, hd versions)', async () => {
    const [user] = (await find('quiet_painter', 'off_platform')).external;
    expect(user).toMatchObject({
      id: 'instagram-9002',
      follower_count: 4200,
      profile_pic_url: 'https://images.example.test/quiet_v0.jpg',
      is_private: true,
    });
  });

  test('is not asked for terms under 4 characters or that a platform creator holds exactly', async () => {
    const before = instagram.requests.length;
    const creator = await createCreator(t.database.db, { username: unique('exact') });
    expect((await find('abc')).externalStatus).toBe('skipped');
    const exact = await find(creator.username.toUpperCase());
    expect(exact.externalStatus).toBe('skipped');
    expect(exact.creators.map((c) => c.id)).toContain(creator.id);
    expect(instagram.requests.length).toBe(before);
  });

  test("is asked from 3 characters when the term comes from Discover's search (spec §5, §9)", async () => {
    const term = 'q7z';
    const before = instagram.requests.length;
    expect((await find(term, 'off_platform')).externalStatus).toBe('skipped');
    expect(instagram.requests.length).toBe(before);
    const fromDiscover = await find(term, 'off_platform', t.app, 'discover');
    expect(fromDiscover.externalStatus).not.toBe('skipped');
    expect(fromDiscover.creators).toEqual([]);
    expect(instagram.requests.length).toBe(before + 1);
    // Two characters are still too few, from anywhere.
    expect((await find('q7', 'off_platform', t.app, 'discover')).externalStatus).toBe('skipped');
    expect(instagram.requests.length).toBe(before + 1);
    const bad = await t.app.inject({ method: 'GET', url: '/api/creators/find?q=abc&from=elsewhere' });
    expect(bad.statusCode).toBe(400);
  });

  test('an account that turns out to be on the platform is dropped from the external results', async () => {
    await createCreator(t.database.db, { username: 'mayastyle', instagramUsername: 'mayastyle' }).catch(() => null);
    const result = await find('the_real_maya');
    expect(result.external).toEqual([]);
  });

  test('quota, outage and no data each say so, and platform creators are still listed', async () => {
    const creator = await createCreator(t.database.db, { displayName: 'Quota Fan Favourite quota_hit' });
    const quota = await find('quota_hit');
    expect(quota.externalStatus).toBe('quota');
    expect(quota.creators.map((c) => c.id)).toContain(creator.id);
    // A spent quota pauses every lookup for a while (lookup-limits.int.test.ts); let it pass.
    t.clock.advance(16 * 60_000);
    expect((await find('outage_now')).externalStatus).toBe('unavailable');
    expect((await find('nobody_knows_me')).externalStatus).toBe('no_data');
    expect(SEARCH_MESSAGES.quota).toBe('Instagram API quota exceeded. Showing platform creators only.');
  });

  test('without a configured service the status is not_configured', async () => {
    const bare = await createTestApp({ database: t.database });
    try {
      expect((await find('outside_star', 'all', bare.app)).externalStatus).toBe('not_configured');
    } finally {
      await bare.app.close();
    }
  });
});

describe('the API key (admins only, never sent back)', () => {
  test('an admin sets it in the settings; others are refused; no response contains it', async () => {
    const noKey = await createTestApp({
      database: t.database,
      env: { INSTAGRAM_LOOKUP_URL: instagram.url, AUTH_IP_LIMIT: '1000' },
    });
    try {
      const { adminUsers } = await import('../../db/schema');
      const admin = await createUser(t.database.db);
      await t.database.db.insert(adminUsers).values({ userId: admin.id, role: 'admin' });
      const fan = await createUser(t.database.db);
      const adminCookie = await signIn(noKey.app, admin.email ?? '');
      const fanCookie = await signIn(noKey.app, fan.email ?? '');
      const put = (cookie: string) =>
        noKey.app.inject({
          method: 'PUT',
          url: '/api/instagram-key',
          headers: { cookie },
          payload: { apiKey: instagram.key },
        });

      expect((await put(fanCookie)).statusCode).toBe(403);
      expect((await noKey.app.inject({ method: 'GET', url: '/api/instagram-key' })).statusCode).toBe(401);
      const saved = await put(adminCookie);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ configured: true, source: 'settings' });
      expect(saved.body).not.toContain(instagram.key);
      const result = await find('outside_star', 'off_platform', noKey.app);
      expect(result.externalStatus).toBe('ok');
      expect(JSON.stringify(result)).not.toContain(instagram.key);
    } finally {
      await noKey.app.close();
    }
  });
});
