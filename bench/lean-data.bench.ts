/**
 * Issue 40 point 4 (decision 0063, docs/scaling.md section 2): bytes per row of what the lean-data
 * change keeps, measured as scaling.md measures (pg_total_relation_size / rows, heap, indexes and
 * TOAST): raw profile_views in a month partition (new primary key (id, viewed_at), BRIN on viewed_at),
 * the monthly roll-up profile_view_months, and outbox_pruned_keys with the product's key shapes.
 * Makes its own database on DATABASE_URL's server and drops it. `npm run lean-data -w @fanline/bench`.
 */
import fs from 'node:fs';
import { ManualClock, maintainProfileViews, migrateDatabase, openDatabase } from '@fanline/server/testing';
import pg from 'pg';

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const name = `lean_data_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = base.replace(/\/[^/]*$/, `/${name}`);
const database = await openDatabase({ kind: 'postgres', url });
const pool = database.pool;
if (!pool) throw new Error('postgres database without a pool');
const q = async (text: string) => (await pool.query(text)).rows;
try {
  await migrateDatabase(database);
  // The bytes do not depend on the foreign keys; without them no profiles need making.
  await q('alter table profile_views drop constraint profile_views_profile_id_profiles_id_fk');
  await q('alter table profile_views drop constraint profile_views_viewer_id_profiles_id_fk');
  await q('alter table profile_view_months drop constraint profile_view_months_profile_id_profiles_id_fk');
  const clock = new ManualClock(new Date('2041-01-15T12:00:00Z'));
  await maintainProfileViews({ db: database.db, clock }, { rawMonths: 1 });

  // January 2041: ROWS views of 2,000 creators, half by signed-in fans (the rest anonymous).
  await q(`insert into profile_views (profile_id, viewer_id, viewed_at)
    select c.id, case when random() < 0.5 then gen_random_uuid() end,
      timestamptz '2041-01-01' + (random() * interval '31 days')
    from generate_series(1, ${ROWS}) g
    join (select row_number() over () as n, gen_random_uuid() as id from generate_series(1, 2000)) c
      on c.n = 1 + (g % 2000)`);
  // One per creator and month, for as many rows (2041-2056: 192 months, 1,042 creators each).
  await q(`insert into profile_view_months (profile_id, month, views)
    select c.id, (date '2041-01-01' + (m * interval '1 month'))::date, 1 + (random() * 100)::int
    from (select gen_random_uuid() as id from generate_series(1, ${Math.ceil(ROWS / 192)})) c,
      generate_series(0, 191) m limit ${ROWS}`);
  // The paid message's four effects' keys (decision 0022): its two, the capture or release, the reply's mail.
  await q(`insert into outbox_pruned_keys (key, done_at, pruned_at, dropped)
    select (array['mail-new-message:', 'auto-flag:', 'capture:', 'mail-reply:'])[1 + g % 4] || gen_random_uuid(),
      now(), now(), false
    from generate_series(1, ${ROWS}) g`);
  await q('vacuum analyze profile_views_m2041_01, profile_view_months, outbox_pruned_keys');
  const sizes = await q(`
    select 'profile_views (a month partition)' as t,
      pg_total_relation_size('profile_views_m2041_01') as total, pg_relation_size('profile_views_m2041_01') as heap,
      (select count(*) from profile_views_m2041_01) as rows
    union all select 'profile_view_months', pg_total_relation_size('profile_view_months'),
      pg_relation_size('profile_view_months'), (select count(*) from profile_view_months)
    union all select 'outbox_pruned_keys', pg_total_relation_size('outbox_pruned_keys'),
      pg_relation_size('outbox_pruned_keys'), (select count(*) from outbox_pruned_keys)`);
  const lines = [
    `# lean-data sizes, ${new Date().toISOString()}, loadavg ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`,
    '| Table | rows | bytes per row, total | heap |',
    '| --- | --- | --- | --- |',
    ...sizes.map((s) => {
      const rows = Number(s.rows);
      return `| ${s.t} | ${rows} | ${Math.round(Number(s.total) / rows)} | ${Math.round(Number(s.heap) / rows)} |`;
    }),
  ];
  console.log(lines.join('\n'));
} finally {
  await database.close();
  await admin.query(`drop database ${name}`);
  await admin.end();
}
