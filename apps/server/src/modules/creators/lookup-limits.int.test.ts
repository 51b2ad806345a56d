import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { externalLookupCache } from '../../db/schema';
import { runJobsOnce } from '../../jobs/run-jobs';
import {
  createCreator,
  createTestApp,
  createUser,
  type InstagramStandIn,
  signIn,
  startInstagramStandIn,
  type TestApp,
  unique,
  useTestApp,
} from '../../testing';
import { GUEST_SHARE_DIVISOR, LOOKUP_LIMITS } from './guarded-lookup';

// Security review M3: anonymous traffic must not burn the paid lookup. Upstream calls are counted
// at the Instagram-style stand-in.
let instagram: InstagramStandIn;
const env = () => ({ INSTAGRAM_LOOKUP_URL: instagram.url, INSTAGRAM_LOOKUP_KEY: instagram.key, AUTH_IP_LIMIT: '1000' });
beforeAll(async () => {
  instagram = await startInstagramStandIn();
});
afterAll(async () => {
  await instagram.close();
});
const t = useTestApp(() => ({ env: env() }));
beforeEach(async () => {
  // Each test starts with fresh limits and no cached answers or quota pause.
  t.clock.advance(61 * 60_000);
  instagram.setQuotaExceeded(false);
  await t.database.db.delete(externalLookupCache);
});

let addressCounter = 1;
const newAddress = () => `192.0.2.${addressCounter++}`;
const find = async (q: string, opts: { app?: TestApp['app']; from?: string; cookie?: string } = {}) => {
  const response = await (opts.app ?? t.app).inject({
    method: 'GET',
    url: `/api/creators/find?${new URLSearchParams({ q })}`,
    remoteAddress: opts.from ?? '192.0.2.250',
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { creators: Array<{ id: string }>; external: unknown[]; externalStatus: string };
};
const upstreamCalls = () => instagram.requests.length;

describe('cached per term, for every instance', () => {
  test('the same term (any case, with @ or spaces) asks upstream once in 10 minutes, then again', async () => {
    const before = upstreamCalls();
    for (const q of ['outside_star', 'OUTSIDE_STAR', '@outside_star', '  Outside_Star ']) {
      for (let i = 0; i < 5; i++) expect((await find(q, { from: newAddress() })).externalStatus).toBe('ok');
    }
    expect(await find('nobody_here_yet', { from: newAddress() })).toMatchObject({ externalStatus: 'no_data' });
    expect(await find('nobody_here_yet', { from: newAddress() })).toMatchObject({ externalStatus: 'no_data' });
    expect(upstreamCalls() - before).toBe(2);

    // Another instance on the same database reuses the answers.
    const other = await createTestApp({ database: t.database, env: env(), clock: t.clock });
    try {
      const result = await find('outside_star', { app: other.app, from: newAddress() });
      expect(result.external).toMatchObject([{ username: 'outside_star' }]);
      expect(upstreamCalls() - before).toBe(2);
    } finally {
      await other.app.close();
    }

    t.clock.advance(10 * 60_000 + 1000);
    await find('outside_star', { from: newAddress() });
    expect(upstreamCalls() - before).toBe(3);
  });

  test('expired answers are deleted by the jobs loop', async () => {
    await find('quiet_painter', { from: newAddress() });
    expect(await t.database.db.select().from(externalLookupCache)).toHaveLength(1);
    t.clock.advance(10 * 60_000 + 1000);
    await runJobsOnce(t.app);
    expect(await t.database.db.select().from(externalLookupCache)).toEqual([]);
  });
});

describe('limited per address and per user', () => {
  test('one anonymous address causes at most 20 upstream calls; platform creators still list; others are unaffected', async () => {
    const tag = unique('burn');
    const creator = await createCreator(t.database.db, { displayName: `Burn ${tag}_last fan` });
    const from = newAddress();
    const before = upstreamCalls();
    const statuses: string[] = [];
    for (let i = 0; i < 30; i++) {
      const result = await find(`${tag}_${i}`, { from });
      statuses.push(result.externalStatus);
    }
    expect(upstreamCalls() - before).toBe(LOOKUP_LIMITS.perAddress);
    expect(statuses.slice(0, 20).every((s) => s === 'no_data')).toBe(true);
    expect(statuses.slice(20)).toEqual(Array(10).fill('unavailable'));
    const limited = await find(`${tag}_last`, { from });
    expect(limited.externalStatus).toBe('unavailable');
    expect(limited.creators.map((c) => c.id)).toContain(creator.id);
    // A cached term still answers for that address.
    expect((await find(`${tag}_3`, { from })).externalStatus).toBe('no_data');
    expect((await find('outside_star', { from: newAddress() })).externalStatus).toBe('ok');
  });

  test('one signed-in user causes at most 20 upstream calls, whatever addresses they use', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email ?? '');
    const tag = unique('user');
    const before = upstreamCalls();
    for (let i = 0; i < 25; i++) await find(`${tag}_${i}`, { from: newAddress(), cookie });
    expect(upstreamCalls() - before).toBe(LOOKUP_LIMITS.perUser);
  });
});

describe('the guests’ pool is shared fairly per address (security review N5)', () => {
  test('12 busy addresses cannot use up the guest budget: a new address still gets a lookup', async () => {
    const tag = unique('pool');
    const before = upstreamCalls();
    const perAddress: number[] = [];
    for (let a = 0; a < 12; a++) {
      // Addresses of different networks: one network's addresses share one share (see below).
      const from = `198.18.${50 + a}.1`;
      const start = upstreamCalls();
      for (let i = 0; i < 22; i++) await find(`${tag}_${a}_${i}`, { from });
      perAddress.push(upstreamCalls() - start);
    }
    // The first addresses get the full 20; later ones a shrinking share of what is left.
    expect(perAddress[0]).toBe(LOOKUP_LIMITS.perAddress);
    expect(perAddress.every((n) => n <= LOOKUP_LIMITS.perAddress)).toBe(true);
    expect(perAddress.at(-1)).toBeLessThan(LOOKUP_LIMITS.perAddress);
    expect(upstreamCalls() - before).toBeLessThan(LOOKUP_LIMITS.allGuests);
    expect((await find(`${tag}_newcomer`, { from: '198.18.99.1' })).externalStatus).toBe('no_data');
    // 264 lookups, each with its counter writes: on a busy PostgreSQL this needs more than the default 30 s.
  }, 90_000);
});

describe('one network cannot drain the guests’ pool (security review N5, F1)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ database: t.database, env: { ...env(), TRUST_PROXY: '1' }, clock: t.clock });
  });
  afterAll(async () => {
    await proxied.app.close();
  });
  const findVia = async (q: string, forwardedFor: string) => {
    const response = await proxied.app.inject({
      method: 'GET',
      url: `/api/creators/find?${new URLSearchParams({ q })}`,
      headers: { 'x-forwarded-for': forwardedFor },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { externalStatus: string }).externalStatus;
  };
  const share = Math.ceil(LOOKUP_LIMITS.allGuests / GUEST_SHARE_DIVISOR);

  test('2001:db8:77::1 and ::2 are one guest: 20 lookups between them', async () => {
    const tag = unique('six4');
    const before = upstreamCalls();
    for (let i = 0; i < 15; i++) await findVia(`${tag}_a${i}`, '2001:db8:77::1');
    for (let i = 0; i < 10; i++) await findVia(`${tag}_b${i}`, '2001:db8:77::2');
    expect(upstreamCalls() - before).toBe(LOOKUP_LIMITS.perAddress);
  });

  test('30 addresses of one IPv4 /24 share one share; a guest elsewhere still gets lookups', async () => {
    const tag = unique('net4');
    const before = upstreamCalls();
    for (let a = 1; a <= 30; a++) for (let i = 0; i < 2; i++) await findVia(`${tag}_${a}_${i}`, `203.0.113.${a}`);
    expect(upstreamCalls() - before).toBeLessThanOrEqual(share);
    expect(await findVia(`${tag}_newcomer`, '198.51.100.7')).toBe('no_data');
  });

  test('30 /64s of one IPv6 /48 share one share', async () => {
    const tag = unique('net6');
    const before = upstreamCalls();
    for (let a = 1; a <= 30; a++)
      for (let i = 0; i < 2; i++) await findVia(`${tag}_${a}_${i}`, `2001:db8:48:${a.toString(16)}::1`);
    expect(upstreamCalls() - before).toBeLessThanOrEqual(share);
    expect(await findVia(`${tag}_newcomer`, '2001:db8:49::1')).toBe('no_data');
  });
});

describe('a spent quota is shared', () => {
  test('after one 429, no instance calls upstream until the pause ends (or an admin sets a new key)', async () => {
    const other = await createTestApp({ database: t.database, env: env(), clock: t.clock });
    try {
      instagram.setQuotaExceeded(true);
      const before = upstreamCalls();
      expect((await find('spent_one', { from: newAddress() })).externalStatus).toBe('quota');
      expect((await find('spent_two', { from: newAddress() })).externalStatus).toBe('quota');
      expect((await find('spent_three', { app: other.app, from: newAddress() })).externalStatus).toBe('quota');
      expect(upstreamCalls() - before).toBe(1);

      // The plan renews; after the pause the next lookup asks again.
      instagram.setQuotaExceeded(false);
      t.clock.advance(15 * 60_000 + 1000);
      expect((await find('outside_star', { app: other.app, from: newAddress() })).externalStatus).toBe('ok');
      expect(upstreamCalls() - before).toBe(2);

      // A new key from an admin ends a pause at once.
      instagram.setQuotaExceeded(true);
      expect((await find('spent_four', { from: newAddress() })).externalStatus).toBe('quota');
      instagram.setQuotaExceeded(false);
      const { adminUsers } = await import('../../db/schema');
      const admin = await createUser(t.database.db);
      await t.database.db.insert(adminUsers).values({ userId: admin.id, role: 'admin' });
      const adminCookie = await signIn(t.app, admin.email ?? '');
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/instagram-key',
        headers: { cookie: adminCookie },
        payload: { apiKey: instagram.key },
      });
      expect(put.statusCode).toBe(200);
      expect((await find('quiet_painter', { from: newAddress() })).externalStatus).toBe('ok');
    } finally {
      await other.app.close();
    }
  });
});
