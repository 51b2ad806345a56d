import { randomUUID } from 'node:crypto';
import type { TRealtimeEvent } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createEventBus } from '../modules/realtime/create-event-bus';
import { createTestApp, openProxiedTestDatabase, type TestApp, testDriver } from '../testing';

// Found by the fault-injection run (fault-injection.int.test.ts): a server whose database went away
// mid-request died, and live updates stayed off after an outage longer than a second.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { warn: () => {} } as unknown as FastifyBaseLogger;

let t: TestApp;
beforeAll(async () => {
  if (testDriver() === 'postgres') t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(testDriver() !== 'postgres')('the database connection is cut (PostgreSQL)', () => {
  test('inside a transaction, between two queries: the transaction fails, the process lives, the next query works', {
    timeout: 30_000,
  }, async () => {
    const { database, proxy } = await openProxiedTestDatabase(t.database);
    try {
      let firstQueryDone = false;
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        firstQueryDone = true;
        await sleep(500);
        await tx.execute(sql`select 2`);
      });
      // Cut once the transaction holds its connection and has run a query, not after a fixed pause:
      // on a loaded machine 150 ms could pass before it had connected, and a connection attempt through
      // a stopped proxy waited past the test's timeout (seen once in CI).
      while (!firstQueryDone) await sleep(10);
      await proxy.stop();
      await expect(transaction).rejects.toThrow();
      // Without a listener on the checked-out connection, its 'error' was an uncaught exception here.
      await sleep(200);
      await proxy.start();
      const result = await database.db.execute(sql`select 3 as n`);
      expect((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(3);
    } finally {
      await proxy.close();
      await database.close();
    }
  });

  test('live updates resume by themselves after an outage of a few seconds', { timeout: 30_000 }, async () => {
    const { database, proxy } = await openProxiedTestDatabase(t.database);
    const listening = createEventBus(database, () => quiet);
    const other = createEventBus(t.database, () => quiet);
    try {
      await listening.start();
      const userId = randomUUID();
      const heard: TRealtimeEvent[] = [];
      listening.subscribe(userId, (event) => heard.push(event));

      await proxy.stop();
      await sleep(2500);
      await proxy.start();
      // Another instance publishes until this one hears it (it reconnects within a few seconds).
      for (let i = 0; i < 50 && heard.length === 0; i++) {
        await other.publish([userId], { type: 'settings' });
        await sleep(200);
      }
      expect(heard[0]).toEqual({ type: 'settings' });
    } finally {
      await listening.stop();
      await proxy.close();
      await database.close();
    }
  });
});
