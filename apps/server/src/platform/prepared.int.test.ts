import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase, testDriver } from '../testing';
import type { Database } from './db';
import { fixedStatement, placeholders } from './prepared';

// driver-sensitive: named prepared statements go through each driver's own protocol (vitest.config.ts).

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

test('a recurring statement answers with its values each time, on the pool and in a transaction', async () => {
  for (const n of [1, 2, 3]) {
    const rows = rowsOf(await database.db.execute(sql`select ${n}::int as n, ${`v${n}`}::text as v`));
    expect(rows).toEqual([{ n, v: `v${n}` }]);
  }
  await database.db.transaction(async (tx) => {
    for (const n of [4, 5]) {
      const rows = rowsOf(await tx.execute(sql`select ${n}::int as n, ${`v${n}`}::text as v`));
      expect(rows).toEqual([{ n, v: `v${n}` }]);
    }
  });
});

// The point of the name (issue 14, SSE delivery; decision 0078): PostgreSQL keeps a recurring shape per
// connection, so only its first runs there are parsed and planned. A shape seen once stays unnamed, and
// so does what the extended protocol cannot take (two statements in one text).
test.skipIf(testDriver() !== 'postgres')('a shape is prepared by name once it recurs, a one-off is not', async () => {
  const tag = `t${Date.now()}`;
  const prepared = await database.db.transaction(async (tx) => {
    const recurring = (n: number) => sql`select ${n}::int + 41 as ${sql.raw(`recurring_${tag}`)}`;
    for (const n of [1, 2, 3]) await tx.execute(recurring(n));
    const drizzleSelect = () =>
      tx.select({ n: sql<number>`${7}::int + 40` }).from(sql`(select 1) as ${sql.raw(`built_${tag}`)}`);
    for (let n = 0; n < 3; n += 1) expect(await drizzleSelect()).toEqual([{ n: 47 }]);
    await tx.execute(sql`select ${1}::int + 42 as ${sql.raw(`one_off_${tag}`)}`);
    for (let n = 0; n < 2; n += 1)
      await tx.execute(sql.raw(`select 1 as ${`two_a_${tag}`}; select 2 as ${`two_b_${tag}`}`));
    return rowsOf(await tx.execute(sql`select statement from pg_prepared_statements`)).map((r) => String(r.statement));
  });
  expect(prepared.filter((text) => text.includes(`recurring_${tag}`))).toHaveLength(1);
  expect(prepared.filter((text) => text.includes(`built_${tag}`))).toHaveLength(1);
  expect(prepared.filter((text) => text.includes(`one_off_${tag}`))).toHaveLength(0);
  expect(prepared.filter((text) => text.includes(`two_a_${tag}`))).toHaveLength(0);
});

// Issue 14 (decision 0017 round 6): a paid message's statement joins parts written by four modules,
// each naming its own placeholders. The same name in two parts must not take one part's value.
test('parts of one fixed statement keep their own values for the same placeholder name', async () => {
  const first = placeholders('first');
  const second = placeholders('second');
  const both = fixedStatement(
    'parts_test',
    sql`select ${first.p('id')}::text as "first", ${second.p('id')}::text as "second"`,
  );
  for (const n of [1, 2]) {
    const rows = await both(database.db, { ...first.fill({ id: `a${n}` }), ...second.fill({ id: `b${n}` }) });
    expect(rows).toEqual([{ first: `a${n}`, second: `b${n}` }]);
  }
});
