// driver-sensitive: the two-instance part needs PostgreSQL (PGlite serves one process), the rest runs on both.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { messages, profiles } from '../../db/schema';
import {
  createAdmin,
  createCreator,
  createTestApp,
  createUser,
  fanAndCreator,
  isTransactionControl,
  openTestDatabase,
  recordStatements,
  runJobsOnce,
  sendPaidMessage,
  signIn,
  TEST_PASSWORD,
  testDriver,
  testPng,
  uploadFile,
  useTestApp,
} from '../../testing';

// Issue 39 (decision 0067): the browse cache empties when a use case that changed a card says so, and
// for nothing else. A long reuse window, so a card can only show a change that was announced.
const t = useTestApp({ env: { BROWSE_CACHE_MS: '10000', AUTH_IP_LIMIT: '10000' } });

type Card = {
  id: string;
  displayName: string | null;
  messagePrice: number;
  avatarUrl: string | null;
  isFeatured: boolean;
  isAvailable: boolean;
  isOnline: boolean;
  responseRate: number;
  reviewCount: number;
  pauseReason: string | null;
};

/** The creator's card as browse shows it, every creator whatever their availability. */
async function cardOf(username: string, app: FastifyInstance = t.app): Promise<Card | undefined> {
  const response = await app.inject({ url: `/api/creators?available=false&search=${username}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { creators: Card[] }).creators[0];
}

let adminCookie: string;
beforeAll(async () => {
  const admin = await createAdmin(t.database.db);
  adminCookie = await signIn(t.app, admin.email ?? '');
});

const inject = (method: 'POST' | 'PUT' | 'PATCH', url: string, cookie: string | undefined, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const must = async (response: Promise<{ statusCode: number; body: string }>) => {
  const answered = await response;
  expect(answered.statusCode, answered.body).toBeLessThan(300);
};

/** A creator with a fan and their signed-in cookies; `fields` for the creator's profile. */
const pair = (fields: Parameters<typeof createCreator>[1] = {}) => fanAndCreator(t.app, t.database.db, fields);

const future = () => new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString();

interface Case {
  what: string;
  /** Makes the creator (and whatever else), returns what `change` needs. */
  given: () => Promise<{ username: string; change: () => Promise<void> }>;
  before: Partial<Card>;
  after: Partial<Card> | 'gone';
}

// One row per kind of change a card shows; each fails when its use case stops announcing (the second
// browse would be the cached first one).
const cases: Case[] = [
  {
    what: "the creator's own edit (name)",
    given: async () => {
      const { creator, creatorCookie } = await pair({ displayName: 'Before' });
      return {
        username: creator.username,
        change: () => must(inject('PATCH', '/api/profile/me', creatorCookie, { displayName: 'After' })),
      };
    },
    before: { displayName: 'Before' },
    after: { displayName: 'After' },
  },
  {
    what: 'an avatar upload',
    given: async () => {
      const { creator, creatorCookie } = await pair();
      return {
        username: creator.username,
        change: async () => must(uploadFile(t.app, '/api/profile/me/avatar', creatorCookie, await testPng())),
      };
    },
    before: { avatarUrl: null },
    after: { avatarUrl: expect.stringMatching(/^\/uploads\/avatars\//) as unknown as string },
  },
  {
    what: 'capacity: away on vacation',
    given: async () => {
      const { creator, creatorCookie } = await pair();
      const settings = { maxOpenMessages: null, dailyMessageCap: null, vacationUntil: future() };
      return {
        username: creator.username,
        change: () => must(inject('PUT', '/api/creator/capacity', creatorCookie, settings)),
      };
    },
    before: { pauseReason: null },
    after: { pauseReason: 'away' },
  },
  {
    what: 'an admin featuring the creator',
    given: async () => {
      const creator = await createCreator(t.database.db);
      const url = `/api/admin/users/${creator.id}/featured`;
      return { username: creator.username, change: () => must(inject('PUT', url, adminCookie, { featured: true })) };
    },
    before: { isFeatured: false },
    after: { isFeatured: true },
  },
  {
    what: 'an admin changing the price',
    given: async () => {
      const creator = await createCreator(t.database.db, { messagePrice: 2500 });
      const url = `/api/admin/users/${creator.id}`;
      return {
        username: creator.username,
        change: () => must(inject('PATCH', url, adminCookie, { messagePriceDollars: 40 })),
      };
    },
    before: { messagePrice: 2500 },
    after: { messagePrice: 4000 },
  },
  {
    what: 'a paid message filling a creator with an open-message cap',
    given: async () => {
      const { creator, fanCookie } = await pair({ maxOpenMessages: 1 });
      return {
        username: creator.username,
        change: async () => void (await sendPaidMessage(t.app, fanCookie, creator.id)),
      };
    },
    before: { pauseReason: null },
    after: { pauseReason: 'full' },
  },
  {
    what: 'a reply (response rate, open count)',
    given: async () => {
      const { creator, fanCookie, creatorCookie } = await pair({ maxOpenMessages: 1, responseRate: 50 });
      const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
      const reply = { content: 'Thanks for writing! Here is my answer to your question.' };
      return {
        username: creator.username,
        change: () => must(inject('POST', `/api/messages/${messageId}/reply`, creatorCookie, reply)),
      };
    },
    before: { pauseReason: 'full', responseRate: 50 },
    after: { pauseReason: null, responseRate: 100 },
  },
  {
    what: 'a decline (open count)',
    given: async () => {
      const { creator, fanCookie, creatorCookie } = await pair({ maxOpenMessages: 1 });
      const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
      return {
        username: creator.username,
        change: () =>
          must(inject('POST', `/api/messages/${messageId}/decline`, creatorCookie, { reason: 'too_personal' })),
      };
    },
    before: { pauseReason: 'full' },
    after: { pauseReason: null },
  },
  {
    what: 'a block ending an open message (open count)',
    given: async () => {
      const { creator, fan, fanCookie, creatorCookie } = await pair({ maxOpenMessages: 1 });
      await sendPaidMessage(t.app, fanCookie, creator.id);
      return {
        username: creator.username,
        change: () => must(inject('PUT', `/api/creator/blocks/${fan.id}`, creatorCookie)),
      };
    },
    before: { pauseReason: 'full' },
    after: { pauseReason: null },
  },
  {
    what: 'a review (rating and count)',
    given: async () => {
      const { creator, fanCookie, creatorCookie } = await pair();
      const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
      await must(inject('POST', `/api/messages/${messageId}/reply`, creatorCookie, { content: 'An answer for you.' }));
      const [message] = await t.database.db
        .select({ conversationId: messages.conversationId })
        .from(messages)
        .where(eq(messages.id, messageId));
      const review = { creatorId: creator.id, conversationId: message?.conversationId ?? '', rating: 5 };
      return { username: creator.username, change: () => must(inject('POST', '/api/reviews', fanCookie, review)) };
    },
    before: { reviewCount: 0 },
    after: { reviewCount: 1 },
  },
  {
    what: 'the creator coming online',
    given: async () => {
      const { creator, creatorCookie } = await pair();
      return {
        username: creator.username,
        change: () => must(inject('POST', '/api/activity', creatorCookie, { status: 'online' })),
      };
    },
    before: { isOnline: false },
    after: { isOnline: true },
  },
  {
    what: 'a fan choosing to be a creator (skip verification)',
    given: async () => {
      const fan = await createUser(t.database.db);
      const cookie = await signIn(t.app, fan.email ?? '');
      return { username: fan.username, change: () => must(inject('POST', '/api/verification/skip', cookie)) };
    },
    before: {},
    after: { isAvailable: false },
  },
  {
    what: 'a creator closing their account',
    given: async () => {
      const { creator, creatorCookie } = await pair();
      return {
        username: creator.username,
        change: () => must(inject('POST', '/api/me/account-deletion', creatorCookie, { password: TEST_PASSWORD })),
      };
    },
    before: { isAvailable: true },
    after: { isAvailable: false },
  },
];

describe('each change a card shows is announced by its use case (issue 39)', () => {
  test.each(cases)('$what', async ({ given, before, after }) => {
    const { username, change } = await given();
    const first = await cardOf(username);
    if (Object.keys(before).length === 0) expect(first).toBeUndefined();
    else expect(first).toMatchObject(before);
    await change();
    if (after === 'gone') expect(await cardOf(username)).toBeUndefined();
    else expect(await cardOf(username)).toMatchObject(after);
  });

  test('the expiry job (response rate)', async () => {
    const { creator, fanCookie } = await pair({ responseRate: 50 });
    await sendPaidMessage(t.app, fanCookie, creator.id);
    expect(await cardOf(creator.username)).toMatchObject({ responseRate: 50 });
    t.clock.advance(25 * 3_600_000);
    await runJobsOnce(t.app);
    expect(await cardOf(creator.username)).toMatchObject({ responseRate: 0 });
  });
});

const beacon = (url: string, app: FastifyInstance = t.app) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify({ route: '/creators', metrics: [{ name: 'LCP', value: 1800 }] }),
  });

/** What clears nothing: refused writes, beacons with any query string, events that change no card. */
async function cardNeutralTraffic(app: FastifyInstance, creatorCookie: string) {
  // Refused: a price outside the bounds (422/400), a write without a session (401), a bad body (400).
  const badPrice = await app.inject({
    method: 'PATCH',
    url: '/api/profile/me',
    headers: { cookie: creatorCookie },
    payload: { messagePrice: 1 },
  });
  expect(badPrice.statusCode).toBeGreaterThanOrEqual(400);
  expect((await app.inject({ method: 'PATCH', url: '/api/profile/me', payload: { bio: 'x' } })).statusCode).toBe(401);
  expect((await app.inject({ method: 'POST', url: '/api/reviews', payload: {} })).statusCode).toBeGreaterThanOrEqual(
    400,
  );
  // Web Vitals beacons, the query string included (the old rule matched the URL exactly).
  for (const url of ['/api/vitals', '/api/vitals?x=1', '/api/vitals/?x=1', '/api/vitals#x']) {
    expect((await beacon(url, app)).statusCode).toBeLessThan(500);
  }
  // A live event that changes no card.
  await app.events.publish([crypto.randomUUID()], { type: 'notification', notificationId: crypto.randomUUID() });
}

describe('what leaves the browse cache intact (issue 39 acceptance)', () => {
  test('a refused request and a vitals beacon with a query string leave the browse cache intact', async () => {
    const { creator, creatorCookie } = await pair({ messagePrice: 2500 });
    expect(await cardOf(creator.username)).toMatchObject({ messagePrice: 2500 });
    // A write nobody announces: the cached card stays until something announced empties the cache.
    await t.database.db.update(profiles).set({ messagePrice: 4000 }).where(eq(profiles.id, creator.id));
    await cardNeutralTraffic(t.app, creatorCookie);
    const recorder = recordStatements(t.database);
    recorder.start();
    expect(await cardOf(creator.username)).toMatchObject({ messagePrice: 2500 });
    expect(recorder.stop().filter((s) => !isTransactionControl(s.text))).toEqual([]);
    // …and a real change shows at once (the announced one brings the unannounced with it).
    await must(inject('PATCH', '/api/profile/me', creatorCookie, { messagePrice: 3000 }));
    expect(await cardOf(creator.username)).toMatchObject({ messagePrice: 3000 });
  });

  test('the hits and misses are counted for Prometheus', async () => {
    const { creator } = await pair();
    const value = async (name: 'browseCacheHits' | 'browseCacheMisses') =>
      (await t.app.metrics[name].get()).values.find((v) => v.labels.read === 'browse')?.value ?? 0;
    const [hits, misses] = [await value('browseCacheHits'), await value('browseCacheMisses')];
    await cardOf(creator.username);
    await cardOf(creator.username);
    await cardOf(creator.username);
    expect(await value('browseCacheMisses')).toBe(misses + 1);
    expect(await value('browseCacheHits')).toBe(hits + 2);
    const text = await t.app.metrics.registry.metrics();
    expect(text).toMatch(/fanline_browse_cache_hits_total\{read="browse"\} \d+/);
    expect(text).toMatch(/fanline_browse_cache_misses_total\{read="browse"\} \d+/);
  });
});

// Two server instances on one PostgreSQL, each with its own cache (PGlite serves one process).
describe.skipIf(testDriver() !== 'postgres')('two instances on one PostgreSQL', () => {
  test("refused requests and beacons on one leave the other's cache intact; a real change empties it", async () => {
    const database = await openTestDatabase();
    const other = await createTestApp({ database, env: { BROWSE_CACHE_MS: '10000', AUTH_IP_LIMIT: '10000' } });
    await other.app.ready();
    try {
      const { creator, creatorCookie } = await pair({ messagePrice: 2500 });
      expect(await cardOf(creator.username, other.app)).toMatchObject({ messagePrice: 2500 });
      await t.database.db.update(profiles).set({ messagePrice: 4000 }).where(eq(profiles.id, creator.id));
      await cardNeutralTraffic(t.app, creatorCookie);
      // The other instance hears words in the order they were sent: once it has heard an event sent
      // after all of that, it has heard any announcement that traffic made.
      const heard = new Promise<void>((resolve) => {
        const stop = other.app.events.subscribe(creator.id, () => {
          stop();
          resolve();
        });
      });
      await t.app.events.publish([creator.id], { type: 'notification', notificationId: creator.id });
      await heard;
      expect(await cardOf(creator.username, other.app)).toMatchObject({ messagePrice: 2500 });
      await must(inject('PATCH', '/api/profile/me', creatorCookie, { messagePrice: 3000 }));
      await expect
        .poll(async () => (await cardOf(creator.username, other.app))?.messagePrice, { timeout: 5000 })
        .toBe(3000);
    } finally {
      await other.close();
      await database.close();
    }
  });
});
