import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messageAttachments, profiles } from '../db/schema';
import { type Database, migrateDatabase, openDatabase } from '../platform/db';
import { attachmentKey, createStorage, publicKeyOfUrl } from '../platform/storage';
import {
  createTestApp,
  journeyWithUploads,
  runOpsCommand,
  type S3StandIn,
  sendPaidMessage,
  startS3StandIn,
  testConfig,
  testDriver,
  unbalancedTransactions,
} from '../testing';
import { databaseTime, type PitrCluster, pitrToolsMissing, startPitrCluster } from '../testing/pitr-cluster';

// Issue 40 point 3: recovery to any minute. On a PostgreSQL cluster of its own (initdb, the shipped
// archiving settings, a pgBackRest repository), money moves through HTTP; a time T is noted; more
// money moves (a refund of a message paid before T, new payments); the cluster is restored with
// `pgbackrest restore --type=time --target=T` into a new data directory and the files with
// `npm run restore:files` into an empty bucket. Exactly the payments before T exist, as they were at
// T; the ledger balances; every file they reference is there. The shared PostgreSQL is not touched.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const onPostgres = testDriver() === 'postgres';
let missing = onPostgres ? pitrToolsMissing() : null;
if (missing) {
  // The repo's ensure pattern: apt-get when root, else a message and a skip.
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/ensure-pgbackrest.mjs')], { stdio: 'ignore' });
  } catch {}
  missing = pitrToolsMissing();
}
const title = !onPostgres
  ? 'point-in-time recovery drill (skipped: PostgreSQL only, set DATABASE_URL; PGlite has no WAL archive)'
  : missing
    ? `point-in-time recovery drill (skipped: ${missing})`
    : 'point-in-time recovery drill (issue 40)';
if (!onPostgres || missing) console.log(title);

/** A free port of the drill's range (5501–5520), so parallel runs on one machine do not collide. */
async function freePort(): Promise<number> {
  for (let port = 5501 + Math.floor(Math.random() * 20), n = 0; n < 20; n++, port = 5501 + ((port - 5500) % 20)) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer().once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 5501-5520');
}

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe.skipIf(!onPostgres || missing !== null)(title, () => {
  let cluster: PitrCluster;
  let s3: S3StandIn;
  let store = '';
  const closing: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    store = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-pitr-files-'));
    [cluster, s3] = await Promise.all([
      startPitrCluster({ port: await freePort(), settings: ['fsync = off', 'synchronous_commit = off'] }),
      startS3StandIn(['pitr-live', 'pitr-restored']),
    ]);
  }, 60_000);
  afterAll(async () => {
    for (const item of closing.reverse()) await item.close().catch(() => {});
    await cluster?.destroy();
    await s3?.close();
    if (store) fs.rmSync(store, { recursive: true, force: true });
  });

  test('restored to T: exactly the payments before T, as they were; the ledger balanced; every file there', async () => {
    const admin = await openDatabase({ kind: 'postgres', url: cluster.url(), max: 1 });
    await admin.db.execute(sql`create database fanline`);
    await admin.close();
    const url = cluster.url('fanline');
    const live = await openDatabase({ kind: 'postgres', url, max: 5 });
    await migrateDatabase(live);

    // The week's full base backup, recorded in backup_runs as the timer's script records it.
    await cluster.backup('full');
    const ops = { DATABASE_URL: url, ...cluster.env };
    const recorded = await runOpsCommand('record-backup', ops);
    expect(recorded.code, recorded.stderr).toBe(0);
    expect(recorded.stdout).toMatch(/Recorded full backup \S+F\./);
    expect((await runOpsCommand('record-backup', ops)).stdout).toContain('0 new backup(s) recorded');

    // Before T: a paid message with images answered (captured), another paid and still open.
    const app = await createTestApp({ database: live, env: { AUTH_IP_LIMIT: '10000', ...s3.env('pitr-live') } });
    const answered = await journeyWithUploads(app.app, live.db);
    const open = await sendPaidMessage(app.app, answered.fanCookie, answered.creator.id);
    const filesEnv = { ...s3.env('pitr-live'), DATA_DIR: app.config.dataDir };
    const synced = await runOpsCommand('sync-files', filesEnv, [store]);
    expect(synced.code, synced.stderr).toBe(0);
    const target = await databaseTime(url);
    const atT = await rowsOf<{ id: string; status: string }>(live, sql`select id, status from payments order by id`);
    expect(atT.map((p) => p.status).sort()).toEqual(['authorized', 'succeeded']);

    // After T: the open message refunded (declined), and more paid messages with new files.
    const decline = await app.app.inject({
      method: 'POST',
      url: `/api/messages/${open.messageId}/decline`,
      headers: { cookie: answered.creatorCookie },
      payload: { reason: 'other' },
    });
    expect(decline.statusCode, decline.body).toBe(200);
    const later = await journeyWithUploads(app.app, live.db);
    await sendPaidMessage(app.app, later.fanCookie, answered.creator.id);
    expect((await runOpsCommand('sync-files', filesEnv, [store])).code).toBe(0);
    expect(await rowsOf(live, sql`select id from payments`)).toHaveLength(4);
    await cluster.archiveNow();
    await app.close();
    await live.close();

    // Restore to T into a fresh data directory, then the files into an empty bucket.
    await cluster.restoreToTime(target);
    const restoredFiles = await runOpsCommand(
      'restore-files',
      {
        DATABASE_URL: url,
        RESTORE_TARGET: target,
        ...s3.env('pitr-restored'),
      },
      [store],
    );
    expect(restoredFiles.code, `${restoredFiles.stdout}\n${restoredFiles.stderr}`).toBe(0);
    expect(restoredFiles.stdout).toContain('Restore checked: ledger balanced, every stored file present.');

    const restored = await openDatabase({ kind: 'postgres', url, max: 3 });
    closing.push(restored);
    // Exactly the payments before T, each in its state at T (the refund after T is not there).
    expect(await rowsOf(restored, sql`select id, status from payments order by id`)).toEqual(atT);
    const [openMessage] = await rowsOf<{ status: string }>(
      restored,
      sql`select status from messages where id = ${open.messageId}`,
    );
    expect(openMessage?.status).toBe('sent');
    expect(await rowsOf(restored, sql`select id from profiles where id = ${later.creator.id}`)).toHaveLength(0);
    expect(await unbalancedTransactions(restored.db)).toBe(0);
    const [ledger] = await rowsOf<{ n: number; total: string }>(
      restored,
      sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as total from ledger_entries`,
    );
    expect(ledger?.n).toBeGreaterThan(0);
    expect(ledger?.total).toBe('0');

    // Every file the restored rows reference is in the restored bucket.
    const bucket = createStorage(testConfig(s3.env('pitr-restored')));
    closing.push(bucket);
    const referenced: string[] = [];
    for (const row of await restored.db.select().from(profiles)) {
      for (const image of [row.avatarUrl, row.coverUrl, ...row.portfolioImages]) {
        if (image?.startsWith('/uploads/')) referenced.push(publicKeyOfUrl(image) ?? image);
      }
    }
    for (const row of await restored.db.select().from(messageAttachments)) referenced.push(attachmentKey(row.fileName));
    expect(referenced).toHaveLength(4); // one avatar, one portfolio image, two attachments
    for (const key of referenced) expect(await bucket.stat(key), key).not.toBeNull();

    // The base backup and the drill are in backup_runs, where the metric and Admin › System read them.
    const runs = await rowsOf<{ kind: string; succeeded: boolean; label: string }>(
      restored,
      sql`select kind, succeeded, label from backup_runs order by finished_at`,
    );
    expect(runs.map((r) => [r.kind, r.succeeded])).toEqual([
      ['full', true],
      ['drill', true],
    ]);
    expect(runs[1]?.label).toBe(`to ${target}`);

    // The restored pair runs: an instance on it serves the avatar.
    const after = await createTestApp({
      database: restored,
      env: { AUTH_IP_LIMIT: '10000', ...s3.env('pitr-restored') },
    });
    closing.push(after);
    expect((await after.app.inject({ method: 'GET', url: answered.avatarUrl })).statusCode).toBe(200);
  }, 120_000);
});
