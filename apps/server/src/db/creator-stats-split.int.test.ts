import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recordResponseFigures } from '../modules/reviews';
import { type Database, MIGRATIONS_DIR } from '../platform/db';
import { migrateFrom, migrationsUpTo, openBlankDatabase } from '../testing/partial-migrations';

// driver-sensitive: the copy and the sync triggers (plpgsql, pg_trigger_depth) must work on the embedded
// database and on PostgreSQL.
// Decision 0072: the migration after 0040 copies every profile's figures into creator_stats and its
// notification preferences into notification_preferences, and during the roll each release's writes
// reach the other's columns: the previous release's updates and inserts of profiles, this release's
// writes of the new tables.

const BEFORE = '0040_outbox_trace_context';
let database: Database;
let dropDatabase = async () => {};

beforeAll(async () => {
  ({ database, drop: dropDatabase } = await openBlankDatabase('mig_stats'));
});
afterAll(async () => {
  await database?.close();
  await dropDatabase();
});

const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
const one = async (query: ReturnType<typeof sql>) => rowsOf(await database.db.execute(query))[0];

/** A profile as the previous release's sign-up or seed writes it: the figures and preferences on the row. */
async function oldReleaseProfile(name: string, columns: ReturnType<typeof sql> = sql``) {
  const [user] = rowsOf(
    await database.db.execute(sql`insert into users (email) values (${`${name}@example.test`}) returning id`),
  );
  const id = String(user?.id);
  await database.db.execute(sql`insert into profiles (id, username) values (${id}, ${name})`);
  if (columns.queryChunks.length > 0) await database.db.execute(sql`update profiles set ${columns} where id = ${id}`);
  return id;
}

const stats = (id: string) =>
  one(sql`select response_rate as "rate", avg_response_seconds as "avg", average_rating as "rating",
    review_count as "count" from creator_stats where creator_id = ${id}`);
const oldStats = (id: string) =>
  one(sql`select response_rate as "rate", avg_response_seconds as "avg", average_rating as "rating",
    review_count as "count" from profiles where id = ${id}`);
const prefs = async (id: string) =>
  (await one(sql`select preferences from notification_preferences where user_id = ${id}`))?.preferences;
const oldPrefs = async (id: string) =>
  (await one(sql`select notification_preferences as p from profiles where id = ${id}`))?.p;

describe('creator figures and notification preferences leave profiles (decision 0072)', () => {
  test('the copy, then both releases writing during the roll', async () => {
    await migrateFrom(database, migrationsUpTo(BEFORE));
    const creator = await oldReleaseProfile(
      'stats_creator',
      sql`is_creator = true, response_rate = 80, avg_response_seconds = 3600, average_rating = 4.5, review_count = 2,
        notification_preferences = ${JSON.stringify({ email: false, push: true, emailKinds: { new_message: false } })}::jsonb`,
    );
    const fan = await oldReleaseProfile('stats_fan');

    await migrateFrom(database, MIGRATIONS_DIR);

    // The copy: every profile has both rows, with its values.
    expect(await stats(creator)).toEqual({ rate: 80, avg: 3600, rating: 4.5, count: 2 });
    expect(await stats(fan)).toEqual({ rate: 0, avg: null, rating: null, count: 0 });
    expect(await prefs(creator)).toEqual({ email: false, push: true, emailKinds: { new_message: false } });
    expect(await prefs(fan)).toEqual({ email: true, push: true, marketing: false });

    // The previous release writes the old columns (its response-rate refresh, its review recount, its
    // preferences save): the new tables follow.
    await database.db.execute(
      sql`update profiles set (response_rate, avg_response_seconds) = (50, 120) where id = ${creator}`,
    );
    await database.db.execute(sql`update profiles set average_rating = 3, review_count = 3 where id = ${creator}`);
    await database.db.execute(
      sql`update profiles set notification_preferences = '{"email":true,"push":false}'::jsonb where id = ${fan}`,
    );
    expect(await stats(creator)).toEqual({ rate: 50, avg: 120, rating: 3, count: 3 });
    expect(await prefs(fan)).toEqual({ email: true, push: false });

    // A profile the previous release signs up after the migration gets its rows too.
    const late = await oldReleaseProfile('stats_late', sql`response_rate = 10`);
    expect(await stats(late)).toEqual({ rate: 10, avg: null, rating: null, count: 0 });
    expect(await prefs(late)).toEqual({ email: true, push: true, marketing: false });

    // This release writes the new tables (through the owner's functions and as SQL): the previous
    // release's readers see it in the old columns, and nothing echoes back (pg_trigger_depth).
    await recordResponseFigures(database.db, [{ creatorId: creator, responseRate: 66.7, avgResponseSeconds: 45 }]);
    await database.db.execute(
      sql`update creator_stats set average_rating = 4.25, review_count = 4 where creator_id = ${creator}`,
    );
    expect(await oldStats(creator)).toEqual({ rate: 66.7, avg: 45, rating: 4.25, count: 4 });
    expect(await stats(creator)).toEqual({ rate: 66.7, avg: 45, rating: 4.25, count: 4 });
    await database.db.execute(
      sql`insert into notification_preferences (user_id, preferences) values (${late}, '{"email":false,"push":false}'::jsonb)
        on conflict (user_id) do update set preferences = excluded.preferences`,
    );
    expect(await oldPrefs(late)).toEqual({ email: false, push: false });
    expect(await prefs(late)).toEqual({ email: false, push: false });

    // Deleting a profile takes its rows with it.
    await database.db.execute(sql`delete from users where id = ${fan}`);
    expect(await stats(fan)).toBeUndefined();
    expect(await prefs(fan)).toBeUndefined();
  });
});
