// Recovery point and recovery time of the point-in-time backups (issue 40 point 3, decision 0062) on
// the scale bench's 1M-message set. On a PostgreSQL cluster of its own (the shipped archiving
// settings, a pgBackRest repository; apps/server/src/testing/pitr-cluster.ts) it:
//   1. generates the set (bench/scale-data.ts) and takes a full base backup;
//   2. adds BENCH_REPLAY (100,000: a day of paid messages at 1×, docs/scaling.md) paid messages with
//      their payments and balanced ledger transactions: the WAL a restore replays on top of the
//      newest base backup when the daily backup is a day old; notes T; adds 1,000 more;
//   3. recovery point: commits one row on the quiet database and times until pgBackRest has its WAL
//      (archive_timeout = 30 s bounds it);
//   4. recovery time: stops the cluster, `pgbackrest restore --type=time --target=T` into a new data
//      directory, starts it and waits for the promotion, then `npm run restore:files`' check (ledger
//      balanced, every referenced file present) on the restored database.
// Run under the machine's bench lock: flock /work/wt/bench.lock npm run pitr -w @fanline/bench
// Knobs: BENCH_CREATORS, BENCH_MESSAGES (as the scale bench), BENCH_REPLAY, BENCH_PITR_PORT (5520).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseTime, openDatabase, runOpsCommand, startPitrCluster } from '@fanline/server/testing';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { addDueMessages, ensureScaleDatabase, scaleCounts, scaleShape } from './scale-data';

const shape = scaleShape(Number(process.env.BENCH_CREATORS ?? 10_000), Number(process.env.BENCH_MESSAGES ?? 1_000_000));
const REPLAY = Number(process.env.BENCH_REPLAY ?? 100_000);
const seconds = (ms: number) => Math.round(ms / 100) / 10;
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').trim();

console.log(`load at start: ${load()}`);
const cluster = await startPitrCluster({
  port: Number(process.env.BENCH_PITR_PORT ?? 5520),
  // A small production-like server: the settings that matter to a bulk load and to WAL replay.
  settings: [
    "shared_buffers = '1GB'",
    "max_wal_size = '8GB'",
    "maintenance_work_mem = '1GB'",
    "checkpoint_timeout = '15min'",
  ],
});
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-pitr-bench-files-'));
try {
  let started = performance.now();
  const url = await ensureScaleDatabase({ serverUrl: cluster.url(''), name: 'fanline', shape, reuse: false });
  console.log(`generated in ${seconds(performance.now() - started)} s`);
  const fullMs = await cluster.backup('full');
  const info = JSON.parse(await cluster.pgbackrest(['--output=json', 'info']))[0].backup.at(-1);
  console.log(
    `full backup: ${seconds(fullMs)} s, database ${Math.round(info.info.size / 2 ** 20)} MiB, in the repository ${Math.round(info.info.repository.delta / 2 ** 20)} MiB (lz4)`,
  );

  const database = await openDatabase({ kind: 'postgres', url, max: 2 });
  started = performance.now();
  await addDueMessages(database.db, REPLAY);
  console.log(`${REPLAY} paid messages after the backup: ${seconds(performance.now() - started)} s`);
  const target = await databaseTime(url);
  const atT = await scaleCounts(database.db);
  await addDueMessages(database.db, 1000);

  // Recovery point: the time from a commit until its WAL is in the repository, with no switch forced.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('select pg_switch_wal()'); // start from an empty WAL file, as a quiet minute would
  await cluster.archiveNow();
  await client.query('create table bench_rpo (at timestamptz default now())');
  const committed = performance.now();
  await client.query('insert into bench_rpo default values');
  const { rows } = await client.query<{ wal: string }>('select pg_walfile_name(pg_current_wal_lsn()) as wal');
  const wal = rows[0]?.wal ?? '';
  for (;;) {
    const archived = await client.query<{ last: string | null }>(
      'select last_archived_wal as last from pg_stat_archiver',
    );
    if ((archived.rows[0]?.last ?? '') >= wal) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const rpoMs = performance.now() - committed;
  console.log(`recovery point: the commit's WAL archived ${seconds(rpoMs)} s after it (archive_timeout = 30 s)`);
  await client.end();
  await cluster.archiveNow();
  await database.close();

  // Recovery time.
  console.log(`load before the restore: ${load()}`);
  const { restoreMs, recoveryMs } = await cluster.restoreToTime(target);
  started = performance.now();
  const check = await runOpsCommand('restore-files', { DATABASE_URL: url, DATA_DIR: files, RESTORE_TARGET: target }, [
    files,
  ]);
  const checkMs = performance.now() - started;
  if (check.code !== 0) throw new Error(`the restore check failed:\n${check.stdout}\n${check.stderr}`);
  const restored = await openDatabase({ kind: 'postgres', url, max: 1 });
  const after = await scaleCounts(restored.db);
  // The table made after T is not there: the restore stopped at T.
  const [rpo] = (
    (await restored.db.execute(sql`select to_regclass('bench_rpo') is null as gone`)) as unknown as {
      rows: Array<{ gone: boolean }>;
    }
  ).rows;
  await restored.close();
  if (JSON.stringify(after) !== JSON.stringify(atT) || !rpo?.gone)
    throw new Error(
      `restored to T, but the counts differ: at T ${JSON.stringify(atT)}, restored ${JSON.stringify(after)}`,
    );
  const total = restoreMs + recoveryMs + checkMs;
  console.log(
    `recovery time: ${seconds(total)} s = pgbackrest restore ${seconds(restoreMs)} s + start and WAL replay to T ${seconds(recoveryMs)} s + restore check ${seconds(checkMs)} s`,
  );
  console.log(`restored to T: ${JSON.stringify(after)} (the same as at T)`);
  console.log(
    `figures: ${JSON.stringify({ messages: after.messages, replayed: REPLAY, fullBackupS: seconds(fullMs), rpoS: seconds(rpoMs), restoreS: seconds(restoreMs), recoveryS: seconds(recoveryMs), checkS: seconds(checkMs), rtoS: seconds(total), cores: os.cpus().length })}`,
  );
  console.log(`load at the end: ${load()}`);
} finally {
  await cluster.destroy();
  fs.rmSync(files, { recursive: true, force: true });
}
