import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Database, MIGRATIONS_DIR } from '../platform/db';
import { createCreator } from '../testing';
import { migrateFrom, migrationsUpTo, openBlankDatabase } from '../testing/partial-migrations';

// driver-sensitive: partitions and the migration's DO block must work on the embedded database and on PostgreSQL.
// Decision 0063: migration 0039 turns a profile_views table with rows into a table
// partitioned by month, without copying them, and the statements the previous release runs against it
// (its insert, its count) keep working during the roll.

const BEFORE = '0038_instances';
let database: Database;
let dropDatabase = async () => {};

beforeAll(async () => {
  ({ database, drop: dropDatabase } = await openBlankDatabase('mig0039'));
});
afterAll(async () => {
  await database?.close();
  await dropDatabase();
});

const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

describe('migration 0039 partitions profile_views in place', () => {
  test('existing views stay, counted the same; the previous release still inserts and counts', async () => {
    await migrateFrom(database, migrationsUpTo(BEFORE));
    // No figures: creator_stats (migration 0041) does not exist yet at this point of the migrations.
    const creator = await createCreator(database.db, { responseRate: undefined });
    // The previous release's own statements: its insert (the id from the default) and its count.
    const insert = (at: string) =>
      database.db.execute(
        sql`insert into profile_views (profile_id, viewer_id, viewed_at) values (${creator.id}, null, ${at}::timestamptz)`,
      );
    const count = async () =>
      Number(
        rowsOf(
          await database.db.execute(sql`select count(*)::int as n from profile_views where profile_id = ${creator.id}`),
        )[0]?.n,
      );
    for (const at of ['2025-06-01T10:00:00Z', '2026-01-15T10:00:00Z', new Date().toISOString()]) await insert(at);
    expect(await count()).toBe(3);

    await migrateFrom(database, MIGRATIONS_DIR);
    expect(await count()).toBe(3);
    const parts = rowsOf(
      await database.db.execute(sql`select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
        from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'profile_views'::regclass
        order by 1`),
    );
    const next = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1));
    const upto = `profile_views_upto_${next.getUTCFullYear()}_${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(parts.map((p) => p.name)).toEqual(['profile_views_default', upto]);
    expect(String(parts[0]?.bound)).toBe('DEFAULT');
    // The old rows are the first partition itself (attached, not copied).
    const [where] = rowsOf(
      await database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(upto)} where profile_id = ${creator.id}`,
      ),
    );
    expect(where?.n).toBe(3);

    // The previous release's insert and count against the new parent; a view far ahead lands in the default.
    await insert(new Date().toISOString());
    await insert('2099-01-01T00:00:00Z');
    expect(await count()).toBe(5);
    const [caught] = rowsOf(await database.db.execute(sql`select count(*)::int as n from profile_views_default`));
    expect(caught?.n).toBe(1);
  });
});
