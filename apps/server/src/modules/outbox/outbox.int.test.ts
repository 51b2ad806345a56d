import { eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { outbox } from '../../db/schema';
import { unique, useTestApp } from '../../testing';
import { type Effect, enqueueEffects, LEASE_MS, MAX_ATTEMPTS, type OutboxRow, retryDelayMs, runOutbox } from '.';

// The transactional outbox (decision 0022) on both databases: rows exist exactly when their change
// commits, run once, in order per ordering key, are retried with backoff and die after MAX_ATTEMPTS.

const t = useTestApp();
const ctx = () => ({ db: t.database.db, clock: t.clock, log: t.app.log });

function effects(prefix: string, n: number, order: Partial<Effect> = {}): Effect[] {
  return Array.from({ length: n }, (_, i) => ({ kind: 'test', key: `${prefix}:${i}`, payload: { i }, ...order }));
}

async function rowsOf(keys: string[]) {
  return t.database.db.select().from(outbox).where(inArray(outbox.key, keys)).orderBy(outbox.id);
}

/** A handler that records what it ran and fails the keys in `failing` (each as often as it says). */
function recorder(failing: Record<string, number> = {}) {
  const ran: string[] = [];
  const dead: string[] = [];
  return {
    ran,
    dead,
    handle: async (row: OutboxRow) => {
      ran.push(row.key);
      if ((failing[row.key] ?? 0) > 0) {
        failing[row.key] = (failing[row.key] ?? 0) - 1;
        throw new Error('provider down');
      }
    },
    onDead: async (row: OutboxRow) => {
      dead.push(row.key);
    },
  };
}

describe('the outbox', () => {
  test('rows commit with their change, never with one that rolls back; one key is one row', async () => {
    const kept = unique('kept');
    const lost = unique('lost');
    await t.database.db.transaction(async (tx) => {
      await enqueueEffects(tx, effects(kept, 2), t.clock.now());
    });
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueEffects(tx, effects(lost, 2), t.clock.now());
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await enqueueEffects(t.database.db, effects(kept, 2), t.clock.now());

    expect((await rowsOf([`${kept}:0`, `${kept}:1`])).map((r) => r.status)).toEqual(['pending', 'pending']);
    expect(await rowsOf([`${lost}:0`, `${lost}:1`])).toEqual([]);

    const run = recorder();
    const totals = await runOutbox(ctx(), { ...run, keys: [`${kept}:0`, `${kept}:1`, `${lost}:0`] });
    expect(totals).toEqual({ done: 2, retried: 0, dead: 0, failedKeys: [] });
    expect(run.ran.sort()).toEqual([`${kept}:0`, `${kept}:1`]);
    expect((await rowsOf([`${kept}:0`, `${kept}:1`])).map((r) => r.status)).toEqual(['done', 'done']);
    // Done is done: a second run does nothing.
    expect(await runOutbox(ctx(), { ...recorder(), keys: [`${kept}:0`, `${kept}:1`] })).toEqual({
      done: 0,
      retried: 0,
      dead: 0,
      failedKeys: [],
    });
  });

  test('one ordering key runs in order, even when its first row fails and is retried', async () => {
    const pay = unique('pay');
    const steps = ['authorize', 'capture', 'refund'].map((step) => ({
      kind: 'test',
      key: `${pay}:${step}`,
      payload: {},
      orderingKey: pay,
    }));
    const keys = await enqueueEffects(t.database.db, steps, t.clock.now());
    const run = recorder({ [`${pay}:authorize`]: 1 });
    expect((await runOutbox(ctx(), { ...run, keys })).failedKeys).toEqual([`${pay}:authorize`]);
    // The first failed: nothing after it ran, in this call or out of turn.
    expect(run.ran).toEqual([`${pay}:authorize`]);
    await runOutbox(ctx(), { ...run, keys });
    expect(run.ran).toEqual([`${pay}:authorize`, `${pay}:authorize`, `${pay}:capture`, `${pay}:refund`]);
  });

  test('a row waits for the row it comes after (a mail after the money moved)', async () => {
    const release = unique('release');
    const mail = unique('mail');
    const keys = await enqueueEffects(
      t.database.db,
      [
        { kind: 'test', key: release, payload: {} },
        { kind: 'test', key: mail, payload: {}, after: release },
      ],
      t.clock.now(),
    );
    const run = recorder({ [release]: 1 });
    await runOutbox(ctx(), { ...run, keys });
    expect(run.ran).toEqual([release]);
    await runOutbox(ctx(), { ...run, keys });
    expect(run.ran).toEqual([release, release, mail]);
  });

  test('failures are retried with backoff; after MAX_ATTEMPTS the row is dead and told once', async () => {
    const key = unique('poison');
    await enqueueEffects(t.database.db, [{ kind: 'test', key, payload: {} }], t.clock.now());
    const run = recorder({ [key]: 1_000 });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 3; attempt += 1) {
      await runOutbox(ctx(), { ...run, keys: [key] });
      t.clock.advance(retryDelayMs(attempt));
    }
    expect(run.ran).toHaveLength(MAX_ATTEMPTS);
    expect(run.dead).toEqual([key]);
    const [row] = await rowsOf([key]);
    expect(row).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS, lastError: 'Error' });

    // Backoff: once past the quick retries, a failed row is not due again at once.
    const slow = unique('slow');
    await enqueueEffects(t.database.db, [{ kind: 'test', key: slow, payload: {} }], t.clock.now());
    const later = recorder({ [slow]: 1_000 });
    let attempts = 0;
    while (retryDelayMs(attempts + 1) === 0) {
      await runOutbox(ctx(), { ...later, keys: [slow] });
      attempts += 1;
    }
    await runOutbox(ctx(), { ...later, keys: [slow] });
    expect(later.ran).toHaveLength(attempts + 1);
    await runOutbox(ctx(), { ...later, keys: [slow] });
    expect(later.ran).toHaveLength(attempts + 1);
    t.clock.advance(retryDelayMs(attempts + 1));
    await runOutbox(ctx(), { ...later, keys: [slow] });
    expect(later.ran).toHaveLength(attempts + 2);
  });

  test('two runners at once run each row once', async () => {
    const many = unique('many');
    const keys = await enqueueEffects(t.database.db, effects(many, 40), t.clock.now());
    const run = recorder();
    const [a, b] = await Promise.all([runOutbox(ctx(), { ...run, keys }), runOutbox(ctx(), { ...run, keys })]);
    expect((a?.done ?? 0) + (b?.done ?? 0)).toBe(40);
    expect(run.ran.sort()).toEqual([...keys].sort());
  });

  test('a row a crashed instance had claimed is taken over once its lease has run out', async () => {
    const key = unique('crashed');
    await enqueueEffects(t.database.db, [{ kind: 'test', key, payload: {} }], t.clock.now());
    // An instance claimed the row (as runOutbox's claim does) and was killed before it marked it.
    await t.database.db
      .update(outbox)
      .set({ attempts: 1, lockedUntil: new Date(t.clock.now().getTime() + LEASE_MS) })
      .where(eq(outbox.key, key));
    expect((await rowsOf([key]))[0]?.lockedUntil).not.toBeNull();
    const run = recorder();
    await runOutbox(ctx(), { ...run, keys: [key] });
    expect(run.ran).toEqual([]);
    t.clock.advance(LEASE_MS);
    await runOutbox(ctx(), { ...run, keys: [key] });
    expect(run.ran).toEqual([key]);
    expect((await rowsOf([key]))[0]?.status).toBe('done');
  });
});
