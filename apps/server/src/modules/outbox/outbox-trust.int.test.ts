import { eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { outbox, outboxPrunedKeys } from '../../db/schema';
import { fixedStatement } from '../../platform/prepared';
import { unique, useTestApp } from '../../testing';
import {
  defineEffect,
  dropDeadEffect,
  type Effect,
  EffectRegistry,
  effectsPart,
  enqueueEffects,
  handled,
  LEASE_MS,
  MAX_ATTEMPTS,
  type OutboxRow,
  pruneOutbox,
  retryDeadEffect,
  retryDelayMs,
  runOutbox,
  type StuckChain,
} from '.';

// Decision 0039 on both databases: a dead row holds its chain, a claim is fenced by its token, a claimed
// row is checked against its kind's registry entry, and pruned keys still deduplicate.

const t = useTestApp();
const ctx = () => ({ db: t.database.db, clock: t.clock, log: t.app.log });
const DAY = 86_400_000;

async function rowsOf(keys: string[]) {
  return t.database.db.select().from(outbox).where(inArray(outbox.key, keys)).orderBy(outbox.id);
}

function recorder(failing: Record<string, number> = {}) {
  const ran: string[] = [];
  const dead: Array<{ key: string; chain: StuckChain }> = [];
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
    onDead: async (row: OutboxRow, _error: unknown, chain: StuckChain) => {
      dead.push({ key: row.key, chain });
    },
  };
}

/** Runs `keys` until the first of them has died (MAX_ATTEMPTS failures, with the backoff in between). */
async function untilDead(run: ReturnType<typeof recorder>, keys: string[]) {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    await runOutbox(ctx(), { ...run, keys });
    t.clock.advance(retryDelayMs(attempt));
  }
}

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out');
}

describe('a dead row holds its chain', () => {
  test('rows after a dead one (same ordering key, or written to run after it) wait until it is retried or dropped', async () => {
    const pay = unique('pay');
    const capture = `${pay}:capture`;
    const refund = `${pay}:refund`;
    const mail = `${pay}:mail`;
    const keys = await enqueueEffects(
      t.database.db,
      [
        { kind: 'test', key: capture, payload: {}, orderingKey: pay },
        { kind: 'test', key: refund, payload: {}, orderingKey: pay },
        { kind: 'test', key: mail, payload: {}, after: capture },
      ],
      t.clock.now(),
    );
    const run = recorder({ [capture]: 1_000 });
    await untilDead(run, keys);
    expect(run.ran.every((key) => key === capture)).toBe(true);
    // The alert hears which chain is stuck and how much waits behind it.
    expect(run.dead).toEqual([{ key: capture, chain: { orderingKey: pay, waiting: 2 } }]);
    // More passes, later: still nothing behind the dead row runs.
    t.clock.advance(DAY);
    await runOutbox(ctx(), { ...run, keys });
    await runOutbox(ctx(), { ...run });
    expect(run.ran.filter((key) => key !== capture)).toEqual([]);
    expect((await rowsOf(keys)).map((row) => row.status)).toEqual(['dead', 'pending', 'pending']);

    // Retried (the provider is back): it runs, then its chain.
    const [dead] = await rowsOf([capture]);
    expect(await retryDeadEffect(t.database.db, dead?.id ?? 0, t.clock.now())).toMatchObject({ key: capture });
    const back = recorder();
    await runOutbox(ctx(), { ...back, keys });
    expect(back.ran).toEqual([capture, refund, mail]);
    expect((await rowsOf(keys)).map((row) => row.status)).toEqual(['done', 'done', 'done']);
  });

  test('a dropped row lets its chain go on, and is not retried', async () => {
    const first = unique('first');
    const next = unique('next');
    const keys = await enqueueEffects(
      t.database.db,
      [
        { kind: 'test', key: first, payload: {} },
        { kind: 'test', key: next, payload: {}, after: first },
      ],
      t.clock.now(),
    );
    const run = recorder({ [first]: 1_000 });
    await untilDead(run, keys);
    expect(run.ran).not.toContain(next);
    const [dead] = await rowsOf([first]);
    expect(await dropDeadEffect(t.database.db, dead?.id ?? 0, t.clock.now())).toMatchObject({ key: first });
    // A second drop or a retry of what is no longer dead changes nothing.
    expect(await dropDeadEffect(t.database.db, dead?.id ?? 0, t.clock.now())).toBeNull();
    expect(await retryDeadEffect(t.database.db, dead?.id ?? 0, t.clock.now())).toBeNull();
    const after = recorder();
    await runOutbox(ctx(), { ...after, keys });
    expect(after.ran).toEqual([next]);
    expect((await rowsOf(keys)).map((row) => row.status)).toEqual(['dropped', 'done']);
  });
});

describe('the claim is fenced', () => {
  test('a claim whose lease ran out and was taken over cannot mark its row done, nor failed', async () => {
    const key = unique('slow');
    await enqueueEffects(t.database.db, [{ kind: 'test', key, payload: {} }], t.clock.now());
    let finishA = (_fail: boolean) => {};
    const a = runOutbox(ctx(), {
      keys: [key],
      handle: (row) =>
        new Promise<void>((resolve, reject) => {
          expect(row.claimToken).toBe(1);
          finishA = (fail) => (fail ? reject(new Error('late failure')) : resolve());
        }),
      onDead: async () => {},
    });
    await until(async () => (await rowsOf([key]))[0]?.claimToken === 1);

    // A's lease runs out; B takes the row over and fails it (retried later).
    t.clock.advance(LEASE_MS);
    const tokens: number[] = [];
    const b = await runOutbox(ctx(), {
      keys: [key],
      handle: async (row) => {
        tokens.push(row.claimToken);
        throw new Error('B failed');
      },
      onDead: async () => {},
    });
    expect(tokens).toEqual([2]);
    expect(b.retried).toBe(1);

    // A finishes now: its done mark is refused, the row is still B's retry.
    finishA(false);
    await a;
    const [row] = await rowsOf([key]);
    expect(row).toMatchObject({ status: 'pending', claimToken: 2, attempts: 2, doneAt: null });

    // The other way round: C holds the row, its lease runs out, D finishes it; C's late failure
    // cannot put a done row back to pending.
    let finishC = (_fail: boolean) => {};
    const c = runOutbox(ctx(), {
      keys: [key],
      handle: () =>
        new Promise<void>((resolve, reject) => {
          finishC = (fail) => (fail ? reject(new Error('late failure')) : resolve());
        }),
      onDead: async () => {},
    });
    await until(async () => (await rowsOf([key]))[0]?.claimToken === 3);
    t.clock.advance(LEASE_MS);
    expect((await runOutbox(ctx(), { keys: [key], handle: async () => {}, onDead: async () => {} })).done).toBe(1);
    finishC(true);
    expect((await c).retried).toBe(1);
    expect((await rowsOf([key]))[0]).toMatchObject({ status: 'done', claimToken: 4, lastError: 'Error' });
  });
});

describe('each claimed row is checked against its kind', () => {
  const greet = defineEffect('test-greet', z.object({ name: z.string().min(1) }));
  const greeted: string[] = [];
  const registry = new EffectRegistry<unknown>([
    handled(greet, async (_ctx, payload) => {
      greeted.push(payload.name);
    }),
  ]);

  test('an unknown kind or a malformed payload goes dead at once with a clear error; good rows run', async () => {
    const good = greet.make(unique('greet'), { name: 'Ada' });
    const malformed: Effect = { kind: 'test-greet', key: unique('greet'), payload: { name: 42, secret: 'x' } };
    const unknown: Effect = { kind: 'no-such-kind', key: unique('mystery'), payload: {} };
    const keys = await enqueueEffects(t.database.db, [good, malformed, unknown], t.clock.now());
    const dead: string[] = [];
    const totals = await runOutbox(ctx(), {
      keys,
      handle: (row) => registry.run(undefined, row),
      onDead: async (row) => {
        dead.push(row.key);
      },
    });
    expect(totals).toMatchObject({ done: 1, dead: 2, retried: 0 });
    expect(greeted).toEqual(['Ada']);
    expect(dead.sort()).toEqual([malformed.key, unknown.key].sort());
    const rows = await rowsOf(keys);
    expect(rows.map((row) => [row.status, row.attempts, row.lastError])).toEqual([
      ['done', 1, null],
      ['dead', 1, 'malformed payload for "test-greet" version 1: name: invalid_type'],
      ['dead', 1, 'unknown effect kind "no-such-kind": no handler is registered for it'],
    ]);
    // The error names fields, never their values.
    expect(rows[1]?.lastError).not.toContain('42');
  });

  test('a row written by a newer build is retried, not refused', async () => {
    const newer: Effect = { kind: 'test-greet', key: unique('greet'), payload: { name: 'Bo' }, version: 2 };
    await enqueueEffects(t.database.db, [newer], t.clock.now());
    const totals = await runOutbox(ctx(), {
      keys: [newer.key],
      handle: (row) => registry.run(undefined, row),
      onDead: async () => {},
    });
    expect(totals.retried).toBe(1);
    expect((await rowsOf([newer.key]))[0]).toMatchObject({ status: 'pending', version: 2 });
  });
});

describe('pruning keeps what dedup needs', () => {
  test('a done row past the retention is deleted; its key replayed later does not run twice', async () => {
    const old = unique('old');
    const recent = unique('recent');
    const run = recorder();
    await enqueueEffects(t.database.db, [{ kind: 'test', key: old, payload: { big: 'x'.repeat(100) } }], t.clock.now());
    await runOutbox(ctx(), { ...run, keys: [old] });
    t.clock.advance(31 * DAY);
    await enqueueEffects(t.database.db, [{ kind: 'test', key: recent, payload: {} }], t.clock.now());
    await runOutbox(ctx(), { ...run, keys: [recent] });
    const dead = unique('dead');
    await enqueueEffects(t.database.db, [{ kind: 'test', key: dead, payload: {} }], t.clock.now());
    await t.database.db.update(outbox).set({ status: 'dead' }).where(eq(outbox.key, dead));
    t.clock.advance(DAY);

    expect(await pruneOutbox(ctx(), 30)).toBeGreaterThanOrEqual(1);
    // The old row is gone, its key kept; the recent done row and the dead row stay.
    expect(await rowsOf([old, recent, dead])).toHaveLength(2);
    const kept = await t.database.db.select().from(outboxPrunedKeys).where(eq(outboxPrunedKeys.key, old));
    expect(kept).toHaveLength(1);

    // A late duplicate of the old effect, through both writers: no row, no second run.
    await enqueueEffects(t.database.db, [{ kind: 'test', key: old, payload: {} }], t.clock.now());
    const part = effectsPart('replay', 1);
    await fixedStatement('replay', part.sql)(
      t.database.db,
      part.fill([{ kind: 'test', key: old, payload: {} }], t.clock.now()).values,
    );
    expect(await rowsOf([old])).toEqual([]);
    await runOutbox(ctx(), { ...run, keys: [old] });
    await runOutbox(ctx(), { ...run });
    expect(run.ran.filter((key) => key === old)).toHaveLength(1);
  });
});
