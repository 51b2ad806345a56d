import type { TRealtimeEvent } from '@fanline/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ManualClock } from './platform/clock';
import type { Database } from './platform/db';
import {
  connectSse,
  createSession,
  createTestApp,
  createUser,
  openTestDatabase,
  SESSION_COOKIE,
  type SseClient,
  type TestApp,
  testDriver,
} from './testing';

// Issue 39, point 2, at a small size (the full size is bench/streams.bench.ts's drain run): an instance
// holding 500 streams drains; its clients come back on the other instance spread over the reconnect
// window, each admitted within a second, and with Last-Event-ID none misses an event published
// meanwhile. Two apps on one PostgreSQL database (PGlite serves one process only).
const USERS = 100;
const STREAMS_PER_USER = 5;
// The drain spreads 500 reconnects over 500 ÷ 200 = 2.5 s (the default 1,000 a second is sized for
// an instance of its own; here both instances, the clients and the other test files share the cores).
const env = { TRUST_PROXY: '127.0.0.1,::1', AUTH_IP_LIMIT: '10000', STREAM_RECONNECTS_PER_SECOND: '200' };

describe.skipIf(testDriver() !== 'postgres')('draining an instance that holds 500 streams', () => {
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

  test('the streams reconnect to the other instance spread over the window, none refused, missing no event', async () => {
    const users: Array<{ id: string; cookie: string }> = [];
    for (let i = 0; i < USERS; i += 20)
      users.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, async () => {
            const user = await createUser(a.database.db);
            const { token } = await createSession({ db: a.database.db, clock, userId: user.id });
            return { id: user.id, cookie: `${SESSION_COOKIE}=${token}` };
          }),
        )),
      );
    // A live cluster has always heard an event lately, so a stream's position (its first `id:`) names an
    // event every instance heard. (On an instance that has heard nothing since it started, the position
    // is that instance's own start, which another instance answers with `resync`: the page refetches.)
    const before = a.app.events.head();
    await b.app.events.publish([users[0]?.id ?? ''], { type: 'notification', notificationId: 'warm-up' });
    await expect.poll(() => a.app.events.head(), { timeout: 5000 }).not.toBe(before);
    // Each stream from an address of its own (as tabs across many households would be).
    const streams = users.flatMap((user, u) =>
      Array.from({ length: STREAMS_PER_USER }, (_, s) => ({
        user,
        address: { 'x-forwarded-for': `198.18.${39 + Math.floor(u / 50)}.${(u % 50) * STREAMS_PER_USER + s + 1}` },
      })),
    );
    const onA: SseClient[] = [];
    for (let i = 0; i < streams.length; i += 50)
      onA.push(
        ...(await Promise.all(
          streams.slice(i, i + 50).map(({ user, address }) => connectSse(urlA, user.cookie, address)),
        )),
      );
    await expect.poll(() => onA.filter((s) => s.lastEventId() === '').length, { timeout: 5000 }).toBe(0);

    // Another instance publishes to these users all along, before, during and after the drain.
    const published = new Map<string, string[]>();
    let n = 0;
    let publishing = true;
    const publish = async () => {
      const user = users[n % USERS];
      if (!user) return;
      const event: TRealtimeEvent = { type: 'notification', notificationId: `drain-${n++}` };
      published.set(user.id, [...(published.get(user.id) ?? []), event.notificationId]);
      await b.app.events.publish([user.id], event);
    };
    const publisher = (async () => {
      while (publishing) {
        await publish();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    while (n < 50) await new Promise((resolve) => setTimeout(resolve, 5));

    const drainedAt = performance.now();
    a.app.drain.begin();
    const admissions: number[] = [];
    const statuses: string[] = [];
    const onB = await Promise.all(
      onA.map(async (old, i) => {
        await old.ended;
        const retry = old.retry() ?? 3000;
        await new Promise((resolve) => setTimeout(resolve, retry));
        const { user, address } = streams[i] ?? { user: { cookie: '' }, address: {} };
        const started = performance.now();
        try {
          const stream = await connectSse(urlB, user.cookie, { ...address, 'last-event-id': old.lastEventId() });
          admissions.push(performance.now() - started);
          return stream;
        } catch (error) {
          statuses.push(String(error));
          return undefined;
        }
      }),
    );
    const reconnectedWithin = performance.now() - drainedAt;
    const more = n + 50;
    while (n < more) await new Promise((resolve) => setTimeout(resolve, 5));
    publishing = false;
    await publisher;

    try {
      expect(statuses).toEqual([]);
      // Spread: each was told to wait 500 ms plus a random share of the 2.5 s window, so they come
      // back over the window (a quarter of them in each quarter of it, give or take), not at once.
      const retries = onA.map((s) => s.retry() ?? 0);
      expect(Math.min(...retries)).toBeGreaterThanOrEqual(500);
      expect(Math.max(...retries)).toBeLessThan(3000);
      for (let q = 0; q < 4; q++)
        expect(retries.filter((r) => r >= 500 + q * 625 && r < 500 + (q + 1) * 625).length).toBeGreaterThan(75);
      expect(reconnectedWithin).toBeLessThan(10_000);
      admissions.sort((x, y) => x - y);
      // No reconnect waits behind the whole storm. The bench holds the 1 s goal at 10,000 streams on
      // instances of their own (docs/performance.md); here two instances, 500 clients and the other
      // test files share two cores, so the bound is the window itself.
      expect(admissions[Math.floor(admissions.length * 0.99)]).toBeLessThan(2500);
      // Every stream heard every event published to its user, on A before the drain or on B after it.
      const missing = async () => {
        let count = 0;
        onA.forEach((old, i) => {
          const heard = new Set(
            [...old.events(), ...(onB[i]?.events() ?? [])].map((e) =>
              e.type === 'notification' ? e.notificationId : '',
            ),
          );
          for (const id of published.get(streams[i]?.user.id ?? '') ?? []) if (!heard.has(id)) count++;
        });
        return count;
      };
      await expect.poll(missing, { timeout: 5000 }).toBe(0);
      expect(onB.filter((stream) => stream?.events().some((e) => e.type === 'resync'))).toEqual([]);
    } finally {
      for (const stream of onB) stream?.close();
    }
  }, 30_000);
});
