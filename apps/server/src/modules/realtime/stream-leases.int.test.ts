import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openStreams } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { createUser, openTestDatabase, testDriver } from '../../testing';
import { MAX_STREAMS_PER_ADDRESS, MAX_STREAMS_PER_USER } from './stream-admission';
import { createStreamLeases } from './stream-leases';

// Issue 39: admissions are batched per instance, and the caps stay exact across instances. Two
// instances (two pools) admit at once; PostgreSQL only (the advisory locks are the point).
const log = { warn: () => {} } as unknown as FastifyBaseLogger;

describe.skipIf(testDriver() !== 'postgres')('batched stream admission across two instances', () => {
  const clock = new ManualClock();
  const databases: Database[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) databases.push(await openTestDatabase());
  });
  afterAll(async () => {
    for (const database of databases) await database.close();
  });
  const db = () => {
    const database = databases[0];
    if (!database) throw new Error('no database');
    return database.db;
  };
  const instances = () =>
    databases.map((database, i) => createStreamLeases({ db: database.db, clock, log }, `fanline-batch-${i}`));

  test('20 requests of one user at once on two instances: exactly the cap is admitted, in one lease each', async () => {
    const [a, b] = instances();
    const user = await createUser(db());
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? b : a)?.acquire({ userId: user.id, address: `198.18.39.${i + 1}` }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(MAX_STREAMS_PER_USER);
    const refused = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
    expect(refused).toHaveLength(20 - MAX_STREAMS_PER_USER);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'RATE_LIMITED' });
    const rows = await db().select().from(openStreams);
    expect(rows.filter((row) => row.userId === user.id)).toHaveLength(MAX_STREAMS_PER_USER);
  });

  test('one address, many users at once on two instances: exactly its cap; releasing one lets the next in', async () => {
    const [a, b] = instances();
    const users = await Promise.all(Array.from({ length: 20 }, () => createUser(db())));
    const address = '198.18.40.1';
    const outcomes = await Promise.allSettled(
      users.map((user, i) => (i % 2 ? b : a)?.acquire({ userId: user.id, address }) ?? Promise.reject()),
    );
    const admitted = outcomes.flatMap((o) => (o.status === 'fulfilled' && o.value ? [o.value] : []));
    expect(admitted).toHaveLength(MAX_STREAMS_PER_ADDRESS);
    const extra = users[0];
    await expect(a?.acquire({ userId: extra?.id ?? '', address })).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    // The lease was a's or b's: each instance releases only its own.
    await Promise.all([a?.release(admitted[0] ?? ''), b?.release(admitted[0] ?? '')]);
    await expect(a?.acquire({ userId: extra?.id ?? '', address })).resolves.toEqual(expect.any(String));
  });
});
