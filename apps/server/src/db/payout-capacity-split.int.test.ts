import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Database, MIGRATIONS_DIR } from '../platform/db';
import { createCreator } from '../testing';
import { migrateFrom, migrationsUpTo, openBlankDatabase } from '../testing/partial-migrations';

// driver-sensitive: the migration's copy and its plpgsql sync triggers must work on the embedded database and on PostgreSQL.
// Decision 0071: migration 0043 moves the payout account and the creator's capacity from profiles into
// payout_accounts and creator_capacity, and keeps both sides equal while the previous release (which
// reads and writes the profiles columns) and this one run side by side.

const BEFORE = '0042_presence_last_active';
let database: Database;
let dropDatabase = async () => {};

beforeAll(async () => {
  ({ database, drop: dropDatabase } = await openBlankDatabase('mig0043'));
});
afterAll(async () => {
  await database?.close();
  await dropDatabase();
});

const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)).toISOString());

/** The payout account as the previous release reads it (profiles) and as this one does (payout_accounts). */
async function payoutOf(id: string) {
  const [old] = rowsOf(
    await run(sql`select stripe_account_id as "account", stripe_onboarding_completed as "ready",
      payout_account_state as "state" from profiles where id = ${id}`),
  );
  const [now] = rowsOf(
    await run(sql`select stripe_account_id as "account", onboarding_completed as "ready", state as "state"
      from payout_accounts where creator_id = ${id}`),
  );
  return { old, now: now ?? null };
}

/** The capacity as the previous release reads it (profiles) and as this one does (creator_capacity). */
async function capacityOf(id: string) {
  const read = async (query: ReturnType<typeof sql>) => {
    const [row] = rowsOf(await run(query));
    return row ? { maxOpen: row.maxOpen, dailyCap: row.dailyCap, until: iso(row.until) } : null;
  };
  return {
    old: await read(sql`select max_open_messages as "maxOpen", daily_message_cap as "dailyCap",
      vacation_until as "until" from profiles where id = ${id}`),
    now: await read(sql`select max_open_messages as "maxOpen", daily_message_cap as "dailyCap",
      vacation_until as "until" from creator_capacity where creator_id = ${id}`),
  };
}

const NO_ACCOUNT = { account: null, ready: false, state: null };
const NO_LIMITS = { maxOpen: null, dailyCap: null, until: null };
const AWAY = '2031-03-01T00:00:00.000Z';

describe('migration 0043: the payout account and capacity leave profiles', () => {
  let onboarded: string;
  let limited: string;
  let plain: string;

  test('the copy moves what creators had; no row where profiles held the defaults', async () => {
    await migrateFrom(database, migrationsUpTo(BEFORE));
    // Made with the previous release's schema (the factory writes only profiles without capacity fields).
    [onboarded = '', limited = '', plain = ''] = await Promise.all(
      [1, 2, 3].map(async () => (await createCreator(database.db)).id),
    );
    await run(sql`update profiles set stripe_account_id = 'acct_moved', stripe_onboarding_completed = true,
      payout_account_state = 'enabled' where id = ${onboarded}`);
    await run(sql`update profiles set max_open_messages = 3, daily_message_cap = 10, vacation_until = ${AWAY}::timestamptz
      where id = ${limited}`);

    await migrateFrom(database, MIGRATIONS_DIR);

    expect(await payoutOf(onboarded)).toEqual({
      old: { account: 'acct_moved', ready: true, state: 'enabled' },
      now: { account: 'acct_moved', ready: true, state: 'enabled' },
    });
    const limits = { maxOpen: 3, dailyCap: 10, until: AWAY };
    expect(await capacityOf(limited)).toEqual({ old: limits, now: limits });
    for (const id of [limited, plain]) expect((await payoutOf(id)).now).toBeNull();
    for (const id of [onboarded, plain]) expect((await capacityOf(id)).now).toBeNull();
  });

  test("the previous release's writes to profiles reach the new tables", async () => {
    // Its onboarding link, then account.updated, then closing the account (all three columns reset).
    await run(sql`update profiles set stripe_account_id = 'acct_old_release', updated_at = now() where id = ${plain}`);
    expect((await payoutOf(plain)).now).toEqual({ account: 'acct_old_release', ready: false, state: null });
    await run(sql`update profiles set payout_account_state = 'restricted', stripe_onboarding_completed = false
      where id = ${onboarded}`);
    expect((await payoutOf(onboarded)).now).toEqual({ account: 'acct_moved', ready: false, state: 'restricted' });
    await run(sql`update profiles set stripe_account_id = null, stripe_onboarding_completed = false,
      payout_account_state = null where id = ${onboarded}`);
    expect(await payoutOf(onboarded)).toEqual({ old: NO_ACCOUNT, now: null });

    // Its capacity save, then a save with no limits; and a write of other columns only is not copied.
    await run(sql`update profiles set vacation_until = ${AWAY}::timestamptz where id = ${plain}`);
    expect((await capacityOf(plain)).now).toEqual({ ...NO_LIMITS, until: AWAY });
    await run(sql`update profiles set max_open_messages = null, daily_message_cap = null, vacation_until = null
      where id = ${limited}`);
    expect(await capacityOf(limited)).toEqual({ old: NO_LIMITS, now: null });
    await run(sql`update profiles set bio = 'unrelated' where id = ${plain}`);
    expect((await capacityOf(plain)).now).toEqual({ ...NO_LIMITS, until: AWAY });

    // Its sign-up (defaults: no row) and a profile inserted with limits (its demo seed and factories).
    const fresh = (await createCreator(database.db)).id;
    expect((await payoutOf(fresh)).now).toBeNull();
    expect((await capacityOf(fresh)).now).toBeNull();
    const [made] = rowsOf(await run(sql`insert into users (email) values (${`${fresh}@example.test`}) returning id`));
    const madeId = String(made?.id);
    await run(
      sql`insert into profiles (id, username, daily_message_cap) values (${madeId}, ${`u_${fresh.slice(0, 8)}`}, 4)`,
    );
    expect((await capacityOf(madeId)).now).toEqual({ ...NO_LIMITS, dailyCap: 4 });
  });

  test("this release's writes to the new tables reach profiles, and are not copied back", async () => {
    const id = (await createCreator(database.db)).id;
    await run(sql`insert into payout_accounts (creator_id, stripe_account_id) values (${id}, 'acct_new_release')`);
    expect(await payoutOf(id)).toEqual({
      old: { account: 'acct_new_release', ready: false, state: null },
      now: { account: 'acct_new_release', ready: false, state: null },
    });
    await run(sql`update payout_accounts set state = 'enabled', onboarding_completed = true where creator_id = ${id}`);
    expect((await payoutOf(id)).old).toEqual({ account: 'acct_new_release', ready: true, state: 'enabled' });
    await run(sql`delete from payout_accounts where creator_id = ${id}`);
    expect(await payoutOf(id)).toEqual({ old: NO_ACCOUNT, now: null });

    // The factory writes capacity to creator_capacity; profiles follows.
    const capped = (await createCreator(database.db, { maxOpenMessages: 2 })).id;
    expect(await capacityOf(capped)).toEqual({
      old: { ...NO_LIMITS, maxOpen: 2 },
      now: { ...NO_LIMITS, maxOpen: 2 },
    });
    await run(sql`insert into creator_capacity (creator_id, max_open_messages) values (${capped}, 5)
      on conflict (creator_id) do update set max_open_messages = excluded.max_open_messages,
        vacation_until = ${AWAY}::timestamptz`);
    const limits = { maxOpen: 5, dailyCap: null, until: AWAY };
    expect(await capacityOf(capped)).toEqual({ old: limits, now: limits });
    await run(sql`delete from creator_capacity where creator_id = ${capped}`);
    expect(await capacityOf(capped)).toEqual({ old: NO_LIMITS, now: null });

    // The check constraints hold on the new side as on the old.
    await expect(
      run(sql`insert into creator_capacity (creator_id, daily_message_cap) values (${capped}, 0)`),
    ).rejects.toThrow();
  });

  test('deleting a profile takes its rows with it', async () => {
    const id = (await createCreator(database.db, { vacationUntil: new Date(AWAY) })).id;
    await run(sql`insert into payout_accounts (creator_id, stripe_account_id) values (${id}, 'acct_gone')`);
    await run(sql`delete from users where id = ${id}`);
    expect(await payoutOf(id)).toEqual({ old: undefined, now: null });
    expect((await capacityOf(id)).now).toBeNull();
  });
});
