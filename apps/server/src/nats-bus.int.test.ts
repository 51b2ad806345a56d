import type { TRealtimeEvent } from '@fanline/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from './platform/db';
import { connectSse, createTestApp, createUser, openTestDatabase, signIn, type TestApp, testDriver } from './testing';
import { natsServerInstalled, type RunningNats, startNatsServer } from './testing/nats';

// Issue 39, point 3 (decision 0066): with EVENT_BUS=nats, instances hear each other through a NATS
// JetStream stream of the test's own, and Last-Event-ID is replayed from JetStream, so an instance
// that started after the events were published (every instance replaced: a full roll) still serves
// what a stream missed instead of a resync. On PostgreSQL the apps have a pool each on one database;
// on PGlite they share the one in-process database (NATS carries the events, not the database).
if (!natsServerInstalled())
  console.warn('nats-bus.int.test.ts skipped: nats-server is missing (node scripts/ensure-nats.mjs)');

const notification = (n: number): TRealtimeEvent => ({
  type: 'notification',
  notificationId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
});

describe.skipIf(!natsServerInstalled())('live events through NATS JetStream (EVENT_BUS=nats)', () => {
  let nats: RunningNats;
  const databases: Database[] = [];
  const apps: TestApp[] = [];
  let env: Record<string, string>;

  /** A new instance: its own pool on PostgreSQL, the shared database on PGlite; listening on a port. */
  const instance = async () => {
    const database = testDriver() === 'postgres' || databases.length === 0 ? await openTestDatabase() : databases[0];
    if (database && !databases.includes(database)) databases.push(database);
    const made = await createTestApp({ database, env });
    apps.push(made);
    const url = await made.app.listen({ host: '127.0.0.1', port: 0 });
    return { ...made, url };
  };

  beforeAll(async () => {
    nats = await startNatsServer();
    // A stream name of this run's own: nothing else publishes to it.
    env = { EVENT_BUS: 'nats', NATS_URL: nats.url, NATS_STREAM: `fanline-test-${process.pid}` };
  });
  afterAll(async () => {
    for (const made of apps) await made.close().catch(() => {});
    for (const database of databases) await database.close();
    await nats?.stop();
  });

  test('an event published on one instance reaches a stream on the other, with a JetStream id', async () => {
    const a = await instance();
    const b = await instance();
    const user = await createUser(a.database.db);
    const cookie = await signIn(a.app, user.email ?? '');
    const onB = await connectSse(b.url, cookie);
    try {
      await a.app.events.publish([user.id], notification(1));
      expect(await onB.next(() => true)).toEqual(notification(1));
      // `<stream epoch>:<sequence>`: the same id whichever instance carries it.
      expect(onB.ids()[0]).toMatch(/^[0-9a-z]+:\d+$/);
      // Another user's event does not reach this stream.
      await a.app.events.publish([crypto.randomUUID()], notification(2));
      await a.app.events.publish([user.id], notification(3));
      expect(await onB.next(() => true)).toEqual(notification(3));
    } finally {
      onB.close();
      await a.close();
      await b.close();
    }
  });

  test('a card announcement runs here before it returns, and once on the other instance', async () => {
    const a = await instance();
    const b = await instance();
    try {
      let onA = 0;
      let onB = 0;
      a.app.events.onCardsChanged(() => onA++);
      b.app.events.onCardsChanged(() => onB++);
      await a.app.events.cardsChanged();
      expect(onA).toBe(1);
      await expect.poll(() => onB).toBe(1);
      // Its own copy coming back through NATS does not run A's listeners again.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(onA).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('after every instance is replaced, a stream resumes from Last-Event-ID on a new one: no resync', async () => {
    const first = await instance();
    const user = await createUser(first.database.db);
    const cookie = await signIn(first.app, user.email ?? '');
    const stream = await connectSse(first.url, cookie);
    await expect.poll(() => stream.lastEventId()).not.toBe('');
    const connectedAt = stream.lastEventId();
    await first.app.events.publish([user.id], notification(10));
    expect(await stream.next(() => true)).toEqual(notification(10));
    // Handed over here at once, without an id; its id follows when its copy comes back through JetStream.
    await expect.poll(() => stream.lastEventId()).not.toBe(connectedAt);
    const lastId = stream.lastEventId();
    stream.close();

    // The roll: a second instance comes, the first goes; events are published while no stream is open.
    const second = await instance();
    await first.close();
    await second.app.events.publish([user.id], notification(11));
    await second.app.events.publish([crypto.randomUUID()], notification(99));
    await second.app.events.publish([user.id], notification(12));
    // A third instance, started after all of them were published, and the second goes too: no
    // instance that ever heard them is left.
    const third = await instance();
    await second.close();

    const back = await connectSse(third.url, cookie, { 'last-event-id': lastId });
    try {
      expect(await back.next(() => true)).toEqual(notification(11));
      expect(await back.next(() => true)).toEqual(notification(12));
      await expect(back.next(() => true, 300)).rejects.toThrow();
      // Each with its own JetStream id.
      expect(new Set(back.ids()).size).toBe(2);
      // Then live ones, each once.
      await third.app.events.publish([user.id], notification(13));
      expect(await back.next(() => true)).toEqual(notification(13));
      await expect(back.next(() => true, 300)).rejects.toThrow();
    } finally {
      back.close();
    }

    // An id this stream never gave (another bus, another stream) still gets resync.
    const stranger = await connectSse(third.url, cookie, { 'last-event-id': 'fanline-old-instance-42' });
    try {
      expect(await stranger.next(() => true)).toEqual({ type: 'resync' });
    } finally {
      stranger.close();
      await third.close();
    }
  });

  test('events published inside a transaction go out only when it commits; a broker outage keeps the instances ready and loses nothing kept', async () => {
    const a = await instance();
    const b = await instance();
    const user = await createUser(a.database.db);
    const cookie = await signIn(a.app, user.email ?? '');
    let onB = await connectSse(b.url, cookie);
    try {
      const deliver = await a.database.db.transaction(async (tx) =>
        a.app.events.publish([user.id], notification(20), tx),
      );
      await expect(onB.next(() => true, 300)).rejects.toThrow();
      deliver();
      expect(await onB.next(() => true)).toEqual(notification(20));
      const lastId = onB.lastEventId();
      onB.close();

      // NATS goes away: the instances stay ready and announcements do not hold answers up.
      expect(a.app.events.connected()).toBe(true);
      await nats.stop({ keepStore: true });
      expect((await a.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
      // ... but say they hear nobody (fanline_event_bus_connected, FanlineEventBusDisconnected).
      await expect.poll(() => a.app.events.connected(), { timeout: 5_000, interval: 50 }).toBe(false);
      const started = performance.now();
      await a.app.events.cardsChanged();
      await a.app.events.sessionsEnded([crypto.randomUUID()]);
      expect(performance.now() - started).toBeLessThan(1000);
      // It comes back on the same port and store; both instances reconnect by themselves.
      nats = await startNatsServer({ port: nats.port, storeDir: nats.storeDir });
      await expect
        .poll(
          async () => {
            await a.app.events.publish([user.id], notification(21));
            const probe = await connectSse(b.url, cookie, { 'last-event-id': lastId });
            try {
              const wanted = JSON.stringify(notification(21));
              return await probe.next((e) => JSON.stringify(e) === wanted, 1000);
            } finally {
              probe.close();
            }
          },
          { timeout: 15_000, interval: 200 },
        )
        .toEqual(notification(21));
      onB = await connectSse(b.url, cookie, { 'last-event-id': lastId });
      expect(await onB.next(() => true)).toEqual(notification(21));
      expect(a.app.events.connected()).toBe(true);
    } finally {
      onB.close();
      await a.close();
      await b.close();
    }
  }, 30_000);
});
