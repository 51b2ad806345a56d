import { PLATFORM_SETTING_DEFAULTS, type TRealtimeEvent } from '@fanline/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openStreams } from './db/schema';
import { createStreamLeases, MAX_STREAMS_PER_USER } from './modules/realtime';
import { ManualClock } from './platform/clock';
import type { Database } from './platform/db';
import {
  connectSse,
  createAdmin,
  createCreator,
  createTestApp,
  createUser,
  openTestDatabase,
  type SseClient,
  sessionCookie,
  signIn,
  TEST_PASSWORD,
  type TestApp,
  testDriver,
} from './testing';

// Issue 27, points 3 and 4: two instances (two apps, each with its own pool, caches and LISTEN
// connection) on one PostgreSQL database behave as one. PGlite serves one process only.
const env = {
  TRUST_PROXY: '127.0.0.1,::1',
  AUTH_IP_LIMIT: '8',
  BROWSE_CACHE_MS: '10000',
  SESSION_CACHE_MS: '10000',
};
let nextAddress = 1;
/** Each test speaks from its own address (the loopback proxy is trusted), so limits do not leak across tests. */
const newAddress = () => ({ 'x-forwarded-for': `198.18.27.${nextAddress++}` });

describe.skipIf(testDriver() !== 'postgres')('two instances on one PostgreSQL', () => {
  const clock = new ManualClock();
  const databases: Database[] = [];
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) databases.push(await openTestDatabase());
    a = await createTestApp({ database: databases[0], clock, env });
    b = await createTestApp({ database: databases[1], clock, env });
    urlA = await a.app.listen({ host: '127.0.0.1', port: 0 });
    urlB = await b.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const database of databases) await database.close();
  });

  /** Signs in through `app` from an address of its own (the sign-in limit counts per address). */
  const signInVia = async (app: TestApp, email: string) => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: newAddress(),
      payload: { email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return sessionCookie(response);
  };

  describe('a write through one is seen at once through the other', () => {
    test('a creator’s new price (browse cache)', async () => {
      const creator = await createCreator(a.database.db, { messagePrice: 2500 });
      const cookie = await signInVia(a, creator.email ?? '');
      const browse = async () => {
        const response = await b.app.inject({ url: `/api/creators?search=${creator.username}` });
        const found = (response.json().creators as Array<{ id: string; messagePrice: number }>).find(
          (c) => c.id === creator.id,
        );
        return found?.messagePrice;
      };
      expect(await browse()).toBe(2500);
      const changed = await a.app.inject({
        method: 'PATCH',
        url: '/api/profile/me',
        headers: { cookie },
        payload: { messagePrice: 3500 },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      // B's copy lives 10 s; the announcement empties it within milliseconds.
      await expect.poll(browse, { timeout: 1000, interval: 20 }).toBe(3500);
    });

    test('an admin’s settings change (settings cache)', async () => {
      const admin = await createAdmin(a.database.db);
      const cookie = await signInVia(a, admin.email ?? '');
      const commission = async () => (await b.app.inject({ url: '/api/config' })).json().commissionPercent;
      const before = await commission();
      const next = before === 20 ? 25 : 20;
      const saved = await a.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: { cookie },
        payload: { ...PLATFORM_SETTING_DEFAULTS, commission_rate: next },
      });
      expect(saved.statusCode).toBe(200);
      try {
        await expect.poll(commission, { timeout: 1000, interval: 20 }).toBe(next);
      } finally {
        await a.app.inject({
          method: 'PUT',
          url: '/api/admin/settings',
          headers: { cookie },
          payload: PLATFORM_SETTING_DEFAULTS,
        });
      }
    });

    test('a sign-out (session cache)', async () => {
      const user = await createUser(a.database.db);
      const cookie = await signInVia(a, user.email ?? '');
      const whoOnB = async () =>
        (await b.app.inject({ url: '/api/auth/session', headers: { cookie } })).json().user?.id ?? null;
      expect(await whoOnB()).toBe(user.id);
      const out = await a.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
      expect(out.statusCode).toBeLessThan(300);
      await expect.poll(whoOnB, { timeout: 1000, interval: 20 }).toBe(null);
    });
  });

  describe('limits counted through both stop at the single-instance number', () => {
    test('sign-in per address', async () => {
      const from = newAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const via = i % 2 === 0 ? a : b;
        const response = await via.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          headers: from,
          payload: { email: `nobody${i}@example.test`, password: 'wrong password here' },
        });
        statuses.push(response.statusCode);
      }
      // AUTH_IP_LIMIT is 8: eight answers, then refusals, whichever instance is asked.
      expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(8)).toEqual([429, 429]);
    });

    test('a route limit of @fastify/rate-limit (the not-found handler’s 60 a minute)', async () => {
      const from = newAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 62; i++) {
        const via = i % 2 === 0 ? a : b;
        statuses.push((await via.app.inject({ url: '/api/no-such-route', headers: from })).statusCode);
      }
      expect(statuses.filter((s) => s === 404)).toHaveLength(60);
      expect(statuses.slice(60)).toEqual([429, 429]);
      // Another address is not affected.
      expect((await a.app.inject({ url: '/api/no-such-route', headers: newAddress() })).statusCode).toBe(404);
    });
  });

  describe('stream caps hold across instances', () => {
    const streams: SseClient[] = [];
    afterAll(() => {
      for (const stream of streams) stream.close();
    });
    const tryOpen = async (url: string, cookie: string, from: Record<string, string>) => {
      const response = await fetch(`${url}/api/events`, { headers: { ...from, cookie, accept: 'text/event-stream' } });
      await response.body?.cancel();
      return response.status;
    };

    test('one user’s streams on A and B together stop at the cap; closing one on A frees one on B', async () => {
      const user = await createUser(a.database.db);
      const cookie = await signIn(a.app, user.email ?? '');
      const from = newAddress();
      const mine: SseClient[] = [];
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) mine.push(await connectSse(i % 2 ? urlB : urlA, cookie, from));
      streams.push(...mine);
      expect(await tryOpen(urlA, cookie, from)).toBe(429);
      expect(await tryOpen(urlB, cookie, from)).toBe(429);
      mine[0]?.close();
      await expect.poll(async () => (await tryOpen(urlB, cookie, from)) === 200, { timeout: 3000 }).toBe(true);
    });

    test('leases of an instance that stopped refreshing them do not count, and are pruned', async () => {
      const user = await createUser(a.database.db);
      const cookie = await signIn(a.app, user.email ?? '');
      const from = newAddress();
      // A SIGKILLed instance left its user's streams behind, last refreshed two minutes ago.
      const long = new Date(clock.now().getTime() - 120_000);
      await a.database.db.insert(openStreams).values(
        Array.from({ length: MAX_STREAMS_PER_USER }, () => ({
          id: crypto.randomUUID(),
          instanceId: 'fanline-gone',
          userId: user.id,
          address: from['x-forwarded-for'],
          openedAt: long,
          heartbeatAt: long,
        })),
      );
      streams.push(await connectSse(urlB, cookie, from));
      // Any instance's periodic refresh prunes them; the live lease stays.
      await createStreamLeases({ db: a.database.db, clock, log: a.app.log }, 'fanline-test').refresh();
      const left = await a.database.db.select().from(openStreams);
      expect(left.filter((row) => row.userId === user.id).map((row) => row.instanceId)).toEqual([expect.any(String)]);
      expect(left.some((row) => row.instanceId === 'fanline-gone')).toBe(false);
    });
  });

  describe('Last-Event-ID: a stream that comes back on another instance gets what it missed', () => {
    const notification = (n: number): TRealtimeEvent => ({ type: 'notification', notificationId: `missed-${n}` });

    test('exactly the missed events, in order, none twice; then live ones', async () => {
      const user = await createUser(a.database.db);
      const cookie = await signIn(a.app, user.email ?? '');
      const onA = await connectSse(urlA, cookie, newAddress());
      await expect.poll(() => onA.lastEventId(), { timeout: 2000 }).not.toBe('');
      const connectedAt = onA.lastEventId();
      // Published through A: handed to the stream at once, its id following with its LISTEN copy.
      await a.app.events.publish([user.id], notification(0));
      expect(await onA.next((e) => e.type === 'notification')).toEqual(notification(0));
      await expect.poll(() => onA.lastEventId(), { timeout: 2000 }).not.toBe(connectedAt);
      const lastId = onA.lastEventId();
      onA.close();

      // Published while the stream is down, through both instances, with another user's in between.
      const other = await createUser(a.database.db);
      await a.app.events.publish([user.id], notification(1));
      await b.app.events.publish([other.id], notification(99));
      await b.app.events.publish([user.id], notification(2));
      await a.app.events.publish([user.id], notification(3));
      // B has heard them all through LISTEN.
      await expect
        .poll(async () => (await b.app.events.replay(lastId, [user.id]))?.events.length, { timeout: 2000 })
        .toBe(3);

      const onB = await connectSse(urlB, cookie, { ...newAddress(), 'last-event-id': lastId });
      try {
        for (const n of [1, 2, 3]) expect(await onB.next(() => true)).toEqual(notification(n));
        await expect(onB.next(() => true, 300)).rejects.toThrow();
        expect(new Set(onB.ids()).size).toBe(3);
        await a.app.events.publish([user.id], notification(4));
        expect(await onB.next(() => true)).toEqual(notification(4));
      } finally {
        onB.close();
      }
    });

    test('an unknown id gets resync', async () => {
      const user = await createUser(a.database.db);
      const cookie = await signIn(a.app, user.email ?? '');
      const stream = await connectSse(urlB, cookie, { ...newAddress(), 'last-event-id': 'fanline-old-instance-42' });
      try {
        expect(await stream.next(() => true)).toEqual({ type: 'resync' });
        expect(stream.lastEventId()).not.toBe('fanline-old-instance-42');
      } finally {
        stream.close();
      }
    });

    test('a stream that heard nothing yet still comes back with a position', async () => {
      const user = await createUser(a.database.db);
      const cookie = await signIn(a.app, user.email ?? '');
      // A has heard at least one event, so its position is one every instance knows.
      await a.app.events.publish([crypto.randomUUID()], notification(6));
      await expect.poll(() => a.app.events.head().startsWith('start.'), { timeout: 2000 }).toBe(false);
      const quiet = await connectSse(urlA, cookie, newAddress());
      // The id-only block before any event: what the browser sends back on reconnect.
      await expect.poll(() => quiet.lastEventId(), { timeout: 2000 }).not.toBe('');
      const position = quiet.lastEventId();
      quiet.close();
      await a.app.events.publish([user.id], notification(7));
      await expect
        .poll(async () => (await b.app.events.replay(position, [user.id]))?.events.length ?? 'unknown', {
          timeout: 2000,
        })
        .toBe(1);
      const back = await connectSse(urlB, cookie, { ...newAddress(), 'last-event-id': position });
      try {
        expect(await back.next(() => true)).toEqual(notification(7));
      } finally {
        back.close();
      }
    });
  });
});
