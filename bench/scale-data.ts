// The data set of the scale bench (issue 14): creators, fans, about `messages` paid messages with their
// payments, earnings and balanced ledger transactions, plus two sign-in-able heavy users. Everything
// past the accounts is set-based SQL (generate_series), so a million messages take minutes on
// PostgreSQL; the same statements run on PGlite for a smaller set.
import { createAccount, type Database, type Db, migrateDatabase, openDatabase } from '@fanline/server/testing';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { generateCreators } from './generate-creators';

export const BENCH_PASSWORD = 'bench-pass-1234';
export const HEAVY_FAN = { email: 'heavyfan@bench.test', username: 'heavyfan' };
export const HEAVY_CREATOR = { email: 'heavycreator@bench.test', username: 'heavycreator' };

export interface ScaleShape {
  creators: number;
  fans: number;
  /** Distinct creators each regular fan talks to (1–9 paid messages each, 5 on average). */
  creatorsPerFan: number;
  /** The heavy fan: this many creators × 10 messages. */
  heavyFanCreators: number;
  /** The heavy creator: this many fans × 5 messages. */
  heavyCreatorFans: number;
}

/** Fans and fan-out for about `messages` paid messages over `creators` creators (10,000 / 1M is the issue's set). */
export function scaleShape(creators: number, messages: number): ScaleShape {
  const fans = Math.max(50, Math.round(creators / 2));
  const heavyFanCreators = Math.min(500, creators);
  const heavyCreatorFans = Math.min(1000, fans);
  const regular = Math.max(0, messages - heavyFanCreators * 10 - heavyCreatorFans * 5);
  const creatorsPerFan = Math.min(creators, Math.max(1, Math.round(regular / (fans * 5))));
  return { creators, fans, creatorsPerFan, heavyFanCreators, heavyCreatorFans };
}

export interface ScaleCounts {
  profiles: number;
  messages: number;
  payments: number;
  earnings: number;
  ledgerEntries: number;
  unbalancedTransactions: number;
}

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: Array<{ n: number | string }> };
  return Number(result.rows[0]?.n ?? 0);
}

/** Fills an empty, migrated database. `log` hears each step with its time. */
export async function generateScaleData(
  db: Db,
  shape: ScaleShape,
  log: (line: string) => void = () => {},
): Promise<ScaleCounts> {
  const step = async (name: string, statement: ReturnType<typeof sql>) => {
    const started = performance.now();
    await db.execute(statement);
    log(`  ${name}: ${Math.round(performance.now() - started)} ms`);
  };
  const started = performance.now();
  await generateCreators(db, shape.creators, 'bench');
  log(`  ${shape.creators} creators: ${Math.round(performance.now() - started)} ms`);
  await createAccount({
    db,
    email: HEAVY_FAN.email,
    password: BENCH_PASSWORD,
    profile: { username: HEAVY_FAN.username, displayName: 'Heavy Fan' },
  });
  await createAccount({
    db,
    email: HEAVY_CREATOR.email,
    password: BENCH_PASSWORD,
    profile: {
      username: HEAVY_CREATOR.username,
      displayName: 'Heavy Creator',
      isCreator: true,
      intendedAccountType: 'creator',
      threadsOnboardingCompleted: true,
      isAvailable: true,
      messagePrice: 2500,
    },
  });

  // Fans share the heavy fan's password hash, so any of them can sign in with BENCH_PASSWORD.
  await step(
    `${shape.fans} fans`,
    sql`
    with u as (
      insert into users (email, email_verified_at, password_hash, created_at, updated_at)
      select 'fan_' || i || '@bench.test', now(), (select password_hash from users where email = ${HEAVY_FAN.email}),
        now() - interval '400 days', now() - interval '400 days'
      from generate_series(1, ${shape.fans}::int) as i
      returning id, email
    )
    insert into profiles (id, username, display_name, email, is_creator, intended_account_type, created_at, updated_at)
    select id, 'fan' || split_part(split_part(email, '@', 1), '_', 2), 'Fan ' || split_part(split_part(email, '@', 1), '_', 2),
      email, false, 'customer', now() - interval '400 days', now() - interval '1 day'
    from u`,
  );
  // Plain (unlogged) tables rather than temporary ones: a pool may run each statement on another connection.
  await db.execute(sql`drop table if exists bench_fans, bench_creators, bench_conv`);
  await db.execute(sql`create unlogged table bench_fans as
    select id, row_number() over (order by email) as rn from profiles where email like 'fan\\_%@bench.test'`);
  await db.execute(sql`create unlogged table bench_creators as
    select id, message_price, row_number() over (order by email) as rn from profiles where email like 'bench\\_%@bench.test'`);
  await db.execute(sql`create index on bench_fans (rn)`);
  await db.execute(sql`create index on bench_creators (rn)`);
  // One conversation per (fan, creator) pair; conv_id becomes the id of its first message (spec §4).
  await db.execute(sql`create unlogged table bench_conv (conv_id uuid primary key, fan_id uuid not null,
    creator_id uuid not null, price int not null, n int not null, start_at timestamptz not null, last_sent boolean not null)`);
  await step(
    'conversations',
    sql`
    insert into bench_conv
    select gen_random_uuid(), f.id, c.id, c.message_price, 1 + floor(random() * 9)::int,
      now() - interval '14 days' - random() * interval '350 days', random() < 0.06
    from bench_fans f
    cross join generate_series(1, ${shape.creatorsPerFan}::int) as k
    join bench_creators c on c.rn = 1 + ((f.rn * 7919 + k * 263) % ${shape.creators}::int)`,
  );
  await step(
    'heavy fan conversations',
    sql`
    insert into bench_conv
    select gen_random_uuid(), (select id from profiles where username = ${HEAVY_FAN.username}), c.id, c.message_price, 10,
      now() - interval '14 days' - random() * interval '350 days', random() < 0.05
    from bench_creators c where c.rn <= ${shape.heavyFanCreators}::int`,
  );
  await step(
    'heavy creator conversations',
    sql`
    insert into bench_conv
    select gen_random_uuid(), f.id, (select id from profiles where username = ${HEAVY_CREATOR.username}), 2500, 5,
      now() - interval '14 days' - random() * interval '350 days', random() < 0.10
    from bench_fans f where f.rn <= ${shape.heavyCreatorFans}::int`,
  );
  // Bulk-load practice: the secondary indexes of the four big tables are dropped for the load and
  // built again after it (one sort each instead of ten million random inserts and their WAL). Kept:
  // constraint indexes (primary keys, unique: the foreign keys and ON CONFLICT need them) and the
  // indexes that lead with conversation_id, which the summaries trigger reads during the load.
  const dropped = await dropSecondaryIndexes(db, ['messages', 'payments', 'earnings', 'ledger_entries']);
  // The summaries trigger refreshes every conversation an INSERT touches in one call; over millions of
  // rows its `= ANY(ids)` array (millions of ids) is compared row by row and the load never ends. It is
  // off for the bulk inserts, and the same function then runs per chunk of conversations below.
  await db.execute(sql`alter table messages disable trigger messages_summaries_insert`);
  // Foreign-key checks (a lookup per row) are off for the money tables' bulk load where the role may
  // (a superuser); the rows reference what was just inserted, by construction.
  const fkOff = await disableAllTriggers(db, ['payments', 'earnings']);
  // Paid messages: 80% responded, 12% refunded (expired), 8% cancelled (never paid); the newest of a
  // last_sent thread is 'sent', paid within the last 20 h, its 24 h window still open. No 'pending'
  // rows: the reconciler would abandon them during a run.
  await step(
    'paid messages',
    sql`
    insert into messages (id, conversation_id, sender_id, recipient_id, content, amount, status, is_followup,
      response_content, responded_at, paid_at, expires_at, created_at, updated_at)
    select id, conv_id, fan_id, creator_id, content, price, status, false,
      case when status = 'responded' then 'Thanks for asking! Generated answer ' || j || ': my honest recommendation is to keep going.' end,
      case when status = 'responded' then created_at + interval '3 hours' end,
      case when status <> 'cancelled' then created_at + interval '1 minute' end,
      case when status <> 'cancelled' then created_at + interval '1 minute' + interval '24 hours' end,
      created_at,
      case status when 'responded' then created_at + interval '3 hours'
                  when 'refunded' then created_at + interval '1 minute' + interval '24 hours'
                  else created_at + interval '1 minute' end
    from (
      select case when j = 1 then c.conv_id else gen_random_uuid() end as id,
        c.conv_id, c.fan_id, c.creator_id, c.price, j,
        'Hi! Generated question ' || j || ' for you: what would you recommend I try next, and why?' as content,
        case when j = c.n and c.last_sent then 'sent'
             when r < 0.80 then 'responded' when r < 0.92 then 'refunded' else 'cancelled' end as status,
        case when j = c.n and c.last_sent then now() - random() * interval '20 hours'
             else c.start_at + (j - 1) * interval '36 hours' end as created_at
      from bench_conv c
      cross join lateral generate_series(1, c.n) as j
      cross join lateral (select random() + 0 * j as r) as rr
    ) as s`,
  );
  await step(
    'free follow-ups',
    sql`
    insert into messages (conversation_id, sender_id, recipient_id, content, amount, status, is_followup, created_at, updated_at)
    select conversation_id, recipient_id, sender_id, 'A generated free follow-up with one more tip for you.', 0, 'sent', true,
      responded_at + interval '1 hour', responded_at + interval '1 hour'
    from messages where status = 'responded' and not is_followup and random() < 0.05`,
  );
  await db.execute(sql`alter table messages enable trigger messages_summaries_insert`);
  await refreshSummaries(db, log);
  // One payment per paid message at 25% commission: succeeded (responded), canceled (refunded:
  // released; cancelled: never authorized), authorized (sent).
  await step(
    'payments',
    sql`
    insert into payments (provider, payment_intent_id, amount_total, amount_creator, amount_platform_fee, commission_percent,
      status, capture_before, sender_id, recipient_id, message_id, created_at, updated_at)
    select 'local', case when status <> 'cancelled' then 'local_' || id end,
      amount, amount - (amount * 25 / 100), amount * 25 / 100, 25,
      case status when 'responded' then 'succeeded' when 'sent' then 'authorized' else 'canceled' end,
      case when status <> 'cancelled' then paid_at + interval '120 hours' end,
      sender_id, recipient_id, id, created_at, updated_at
    from messages where not is_followup and amount > 0`,
  );
  await step(
    'earnings',
    sql`
    insert into earnings (creator_id, message_id, amount, commission, total_amount, status, created_at, updated_at)
    select p.recipient_id, p.message_id, p.amount_creator, p.amount_platform_fee, p.amount_total,
      case when p.updated_at < now() - interval '7 days' then 'earned' else 'pending' end, p.updated_at, p.updated_at
    from payments p where p.status = 'succeeded'`,
  );
  // The ledger, balanced by construction. The deferred per-row balance trigger is off for the bulk
  // load only; the check below proves every transaction sums to zero.
  const ledgerOff = await disableAllTriggers(db, ['ledger_entries']);
  if (!ledgerOff) await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_balanced`);
  try {
    await step(
      'ledger: authorize',
      sql`
      with t as materialized (
        select p.id, p.amount_total::bigint as total, m.paid_at, gen_random_uuid() as tx
        from payments p join messages m on m.id = p.message_id where m.status in ('sent', 'responded', 'refunded')
      )
      insert into ledger_entries (transaction_id, account, amount, kind, payment_id, created_at)
      select t.tx, l.account, l.amount, 'authorize', t.id, t.paid_at
      from t cross join lateral (values ('external:card', -t.total), ('sender_hold', t.total)) as l(account, amount)`,
    );
    await step(
      'ledger: capture',
      sql`
      with t as materialized (
        select p.id, p.recipient_id, p.amount_total::bigint as total, p.amount_creator::bigint as creator,
          p.amount_platform_fee::bigint as fee, m.responded_at, gen_random_uuid() as tx
        from payments p join messages m on m.id = p.message_id where m.status = 'responded'
      )
      insert into ledger_entries (transaction_id, account, amount, kind, payment_id, created_at)
      select t.tx, l.account, l.amount, 'capture', t.id, t.responded_at
      from t cross join lateral (values ('sender_hold', -t.total), ('creator_payable:' || t.recipient_id, t.creator),
        ('platform_revenue', t.fee)) as l(account, amount)
      where l.amount <> 0`,
    );
    await step(
      'ledger: release',
      sql`
      with t as materialized (
        select p.id, p.amount_total::bigint as total, m.expires_at, gen_random_uuid() as tx
        from payments p join messages m on m.id = p.message_id where m.status = 'refunded'
      )
      insert into ledger_entries (transaction_id, account, amount, kind, payment_id, created_at)
      select t.tx, l.account, l.amount, 'release', t.id, t.expires_at
      from t cross join lateral (values ('sender_hold', -t.total), ('external:card', t.total)) as l(account, amount)`,
    );
  } finally {
    if (ledgerOff) await db.execute(sql`alter table ledger_entries enable trigger all`);
    else await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_balanced`);
  }
  if (fkOff)
    for (const table of ['payments', 'earnings']) await db.execute(sql.raw(`alter table ${table} enable trigger all`));
  for (const definition of dropped) await db.execute(sql.raw(definition));
  log(`  rebuilt ${dropped.length} indexes`);
  // response_rate as refreshResponseRate computes it, so browse sorts on consistent values.
  await step(
    'response rates',
    sql`
    update profiles p set response_rate = x.rate
    from (
      select recipient_id, coalesce(round(100.0 * count(*) filter (where status = 'responded')
        / nullif(count(*) filter (where status in ('responded', 'refunded')), 0), 1), 0) as rate
      from messages where amount > 0 and not is_followup group by recipient_id
    ) as x
    where p.id = x.recipient_id`,
  );
  await db.execute(sql`drop table bench_fans, bench_creators, bench_conv`);
  await step('analyze', sql`analyze`);
  return scaleCounts(db);
}

/** ALTER TABLE … DISABLE TRIGGER ALL (foreign-key checks included) on each table; false when not allowed. */
async function disableAllTriggers(db: Db, tables: string[]): Promise<boolean> {
  const done: string[] = [];
  try {
    for (const table of tables) {
      await db.execute(sql.raw(`alter table ${table} disable trigger all`));
      done.push(table);
    }
    return true;
  } catch {
    for (const table of done) await db.execute(sql.raw(`alter table ${table} enable trigger all`));
    return false;
  }
}

/** The conversation summaries of every generated conversation, by the product's own function, 20,000 at a time. */
async function refreshSummaries(db: Db, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  await db.execute(sql`analyze messages`);
  const bounds = (await db.execute(sql`
    select conv_id::text as id from (select conv_id, row_number() over (order by conv_id) as rn from bench_conv) as x
    where rn % 20000 = 0 order by conv_id`)) as unknown as { rows: Array<{ id: string }> };
  let low: string | null = null;
  for (const high of [...bounds.rows.map((row) => row.id), null]) {
    await db.execute(sql`select conversation_summaries_refresh(array(
      select conv_id from bench_conv
      where (${low}::uuid is null or conv_id > ${low}::uuid) and (${high}::uuid is null or conv_id <= ${high}::uuid)))`);
    low = high;
  }
  log(`  conversation summaries: ${Math.round(performance.now() - started)} ms`);
}

/**
 * Drops the non-constraint indexes of `tables` except those leading with conversation_id, and
 * returns their definitions (CREATE INDEX statements) to build them again.
 */
export async function dropSecondaryIndexes(db: Db, tables: string[]): Promise<string[]> {
  const result = (await db.execute(sql`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace and n.nspname = current_schema()
    where t.relname in (${sql.join(
      tables.map((table) => sql`${table}`),
      sql`, `,
    )})
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      and pg_get_indexdef(i.indexrelid) not like '%(conversation_id%'`)) as unknown as {
    rows: Array<{ name: string; definition: string }>;
  };
  for (const row of result.rows) await db.execute(sql.raw(`drop index ${row.name}`));
  return result.rows.map((row) => row.definition);
}

export async function scaleCounts(db: Db): Promise<ScaleCounts> {
  return {
    profiles: await count(db, sql`select count(*) as n from profiles`),
    messages: await count(db, sql`select count(*) as n from messages`),
    payments: await count(db, sql`select count(*) as n from payments`),
    earnings: await count(db, sql`select count(*) as n from earnings`),
    ledgerEntries: await count(db, sql`select count(*) as n from ledger_entries`),
    unbalancedTransactions: await count(
      db,
      sql`select count(*) as n from (select transaction_id from ledger_entries group by 1 having sum(amount) <> 0) as x`,
    ),
  };
}

/**
 * `count` paid messages whose 24 h window closed an hour ago, each in a new conversation of a
 * generated fan and creator, with an authorized payment and its balanced authorize transaction
 * (inserted with the balance trigger on): the expiry job's backlog.
 */
export async function addDueMessages(db: Db, count: number): Promise<void> {
  await db.execute(sql`drop table if exists bench_due`);
  await db.execute(sql`
    create unlogged table bench_due as
    select gen_random_uuid() as id, f.id as fan_id, c.id as creator_id, c.message_price as price,
      now() - interval '25 hours' as paid_at, gen_random_uuid() as tx
    from generate_series(1, ${count}::int) as i
    join (select id, row_number() over (order by email) as rn from profiles where email like 'fan\\_%@bench.test') f
      on f.rn = 1 + i % (select count(*) from profiles where email like 'fan\\_%@bench.test')
    join (select id, message_price, row_number() over (order by email) as rn from profiles where email like 'bench\\_%@bench.test') c
      on c.rn = 1 + (i * 31) % (select count(*) from profiles where email like 'bench\\_%@bench.test')`);
  await db.execute(sql`
    insert into messages (id, conversation_id, sender_id, recipient_id, content, amount, status, is_followup,
      paid_at, expires_at, created_at, updated_at)
    select id, id, fan_id, creator_id, 'A generated question whose window has closed, waiting for the expiry job.',
      price, 'sent', false, paid_at, paid_at + interval '24 hours', paid_at - interval '1 minute', paid_at
    from bench_due`);
  await db.execute(sql`
    insert into payments (provider, payment_intent_id, amount_total, amount_creator, amount_platform_fee, commission_percent,
      status, capture_before, sender_id, recipient_id, message_id, created_at, updated_at)
    select 'local', 'local_' || id, price, price - (price * 25 / 100), price * 25 / 100, 25, 'authorized',
      paid_at + interval '120 hours', fan_id, creator_id, id, paid_at, paid_at
    from bench_due`);
  await db.execute(sql`
    insert into ledger_entries (transaction_id, account, amount, kind, payment_id, created_at)
    select d.tx, l.account, l.amount, 'authorize', p.id, d.paid_at
    from bench_due d join payments p on p.message_id = d.id
    cross join lateral (values ('external:card', -d.price::bigint), ('sender_hold', d.price::bigint)) as l(account, amount)`);
  await db.execute(sql`drop table bench_due`);
  await db.execute(sql`analyze messages`);
}

/**
 * The scale data set in PostgreSQL database `name` on `serverUrl`: dropped and generated again,
 * unless `reuse` and a database generated with the same shape is already there.
 */
export async function ensureScaleDatabase(opts: {
  serverUrl: string;
  name: string;
  shape: ScaleShape;
  reuse: boolean;
}): Promise<string> {
  const { serverUrl, name, shape } = opts;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`a bench database needs a plain name, not ${name}`);
  const url = `${serverUrl.replace(/\/$/, '')}/${name}`;
  const admin = new pg.Client({ connectionString: `${serverUrl.replace(/\/$/, '')}/postgres` });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (exists && opts.reuse) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const meta = await client.query('select shape from bench_meta').catch(() => null);
        if (meta?.rows[0]?.shape === JSON.stringify(shape)) {
          console.log(`reusing ${name} (${JSON.stringify(shape)})`);
          // Migrations added since it was generated (with their backfills, e.g. decision 0019's
          // conversation summaries) apply to the reused data too.
          const database = await openDatabase({ kind: 'postgres', url });
          try {
            await migrateDatabase(database);
          } finally {
            await database.close();
          }
          return url;
        }
      } finally {
        await client.end();
      }
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    // Index builds after the bulk load sort in memory (this database only; the server's default is 64 MB).
    await admin.query(`alter database ${name} set maintenance_work_mem = '1GB'`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await generateOn(database, shape);
    await database.db.execute(sql`create table bench_meta (shape text not null)`);
    await database.db.execute(sql`insert into bench_meta values (${JSON.stringify(shape)})`);
  } finally {
    await database.close();
  }
  return url;
}

/** Migrates `database` and generates the data set on it, printing each step. */
export async function generateOn(
  database: Database,
  shape: ScaleShape,
  log: (line: string) => void = (line) => console.log(line),
): Promise<void> {
  const started = performance.now();
  await migrateDatabase(database);
  log(`generating on ${database.driver}: ${JSON.stringify(shape)}`);
  const counts = await generateScaleData(database.db, shape, log);
  log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
  if (counts.unbalancedTransactions !== 0) throw new Error('the generated ledger is not balanced');
}
