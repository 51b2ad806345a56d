import { randomUUID } from 'node:crypto';
import { PLATFORM_SETTING_DEFAULTS } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../platform/db';
import { createCreator, createUser, openTestDatabase, unique } from '../testing';
import { ledgerEntries, messages, platformSettings, profiles, reviews } from './schema';

// driver-sensitive: the migrations must build the same schema on the embedded database and on PostgreSQL (vitest.config.ts).

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Resolves with the Postgres error a statement raised (Drizzle wraps it as the cause). */
async function pgError(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    return cause as { code?: string; constraint?: string; message: string };
  }
  throw new Error('expected the statement to fail');
}

describe('database constraints carry the spec limits (§9)', () => {
  test('message content is 10 to 1000 characters after trimming', async () => {
    const db = database.db;
    const [fan, creator] = await Promise.all([createUser(db), createCreator(db)]);
    const base = { conversationId: randomUUID(), senderId: fan.id, recipientId: creator.id, amount: 2500 };
    const short = await pgError(db.insert(messages).values({ ...base, content: '   too short  ' }));
    expect(short.code).toBe('23514');
    expect(short.message).toContain('messages_content_length');
    const long = await pgError(db.insert(messages).values({ ...base, content: 'x'.repeat(1001) }));
    expect(long.code).toBe('23514');
    await db.insert(messages).values({ ...base, content: 'x'.repeat(1000) });
    await db.insert(messages).values({ ...base, content: 'ten chars!' });
  });

  test('ratings are 1 to 5; review title at most 100 and text at most 500', async () => {
    const db = database.db;
    const [fan, creator] = await Promise.all([createUser(db), createCreator(db)]);
    const base = { customerId: fan.id, creatorId: creator.id };
    expect((await pgError(db.insert(reviews).values({ ...base, rating: 6 }))).code).toBe('23514');
    expect((await pgError(db.insert(reviews).values({ ...base, rating: 0 }))).code).toBe('23514');
    expect((await pgError(db.insert(reviews).values({ ...base, title: 't'.repeat(101) }))).code).toBe('23514');
    expect((await pgError(db.insert(reviews).values({ ...base, message: 'm'.repeat(501) }))).code).toBe('23514');
    await db.insert(reviews).values({ ...base, rating: 5, title: 't'.repeat(100), message: 'm'.repeat(500) });
    // spec §8 'You have already reviewed this creator': one per customer, creator and conversation (null too).
    expect((await pgError(db.insert(reviews).values({ ...base, rating: 4 }))).code).toBe('23505');
  });

  test('bio is at most 500 characters and usernames are unique regardless of case', async () => {
    const db = database.db;
    const user = await createUser(db);
    const tooLong = await pgError(
      db
        .update(profiles)
        .set({ bio: 'b'.repeat(501) })
        .where(sql`id = ${user.id}`),
    );
    expect(tooLong.code).toBe('23514');
    const name = unique('Case');
    await createUser(db, { username: name });
    const clash = await pgError(createUser(db, { username: name.toUpperCase() }, `${unique()}@example.test`));
    expect(clash.code).toBe('23505');
  });

  test('categories are at most 5 and portfolio images at most 6', async () => {
    const db = database.db;
    const user = await createCreator(db);
    const six = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect((await pgError(db.update(profiles).set({ disciplines: six }).where(sql`id = ${user.id}`))).code).toBe(
      '23514',
    );
    const seven = [...six, 'g'];
    expect((await pgError(db.update(profiles).set({ portfolioImages: seven }).where(sql`id = ${user.id}`))).code).toBe(
      '23514',
    );
  });
});

describe('ledger', () => {
  test('a balanced transaction commits; an unbalanced one is refused at commit', async () => {
    const db = database.db;
    const creator = await createCreator(db);
    const transactionId = randomUUID();
    await db.transaction(async (tx) => {
      await tx.insert(ledgerEntries).values([
        { transactionId, account: 'sender_hold', amount: -2500, kind: 'capture' },
        { transactionId, account: `creator_payable:${creator.id}`, amount: 1875, kind: 'capture' },
        { transactionId, account: 'platform_revenue', amount: 625, kind: 'capture' },
      ]);
    });
    const rows = await db.select().from(ledgerEntries).where(sql`transaction_id = ${transactionId}`);
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(0);

    const unbalanced = randomUUID();
    const error = await pgError(
      db.transaction(async (tx) => {
        await tx.insert(ledgerEntries).values([
          { transactionId: unbalanced, account: 'sender_hold', amount: -2500, kind: 'capture' },
          { transactionId: unbalanced, account: 'platform_revenue', amount: 625, kind: 'capture' },
        ]);
      }),
    );
    expect(error.message).toContain('does not balance');
    expect(await db.select().from(ledgerEntries).where(sql`transaction_id = ${unbalanced}`)).toHaveLength(0);
  });

  test('entries are append-only: no update, no delete', async () => {
    const db = database.db;
    const transactionId = randomUUID();
    await db.insert(ledgerEntries).values([
      { transactionId, account: 'sender_hold', amount: -100, kind: 'test' },
      { transactionId, account: 'platform_revenue', amount: 100, kind: 'test' },
    ]);
    const update = await pgError(
      db.execute(sql`update ledger_entries set amount = amount + 1 where transaction_id = ${transactionId}`),
    );
    expect(update.message).toContain('append-only');
    const remove = await pgError(db.execute(sql`delete from ledger_entries where transaction_id = ${transactionId}`));
    expect(remove.message).toContain('append-only');
  });
});

test('platform settings hold the eleven defaults of spec §9', async () => {
  const rows = await database.db.select().from(platformSettings);
  const settings = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  expect(settings).toMatchObject({
    default_message_price: 25,
    min_message_price: 5,
    max_message_price: 500,
    commission_rate: 25,
    message_expiration_hours: 24,
    maintenance_mode: false,
    new_user_registration: true,
    auto_moderation: true,
    require_creator_verification: true,
    email_notifications: true,
    system_alerts: true,
  });
  expect(rows).toHaveLength(11);
});

test('the migrations seed exactly the platform-setting defaults the code falls back to', async () => {
  const rows = await database.db.select().from(platformSettings);
  expect(Object.fromEntries(rows.map((row) => [row.key, row.value]))).toEqual(PLATFORM_SETTING_DEFAULTS);
});
