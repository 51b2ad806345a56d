import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { messageAttachments, profiles } from '../db/schema';
import { runJobsOnce } from '../jobs/run-jobs';
import { type Database, openDatabase } from '../platform/db';
import { attachmentKey, createStorage, type ObjectStorage, publicKeyOfUrl, readAll } from '../platform/storage';
import {
  createTestApp,
  journeyWithUploads,
  runOpsCommand,
  type S3StandIn,
  signIn,
  startS3StandIn,
  testConfig,
  testDriver,
  unbalancedTransactions,
} from '../testing';
import { withDatabase } from '../testing/global-setup';

// The backup and restore drill of docs/operations.md §6, on PostgreSQL (pg_dump has no PGlite).
describe.skipIf(testDriver() !== 'postgres')('backup and restore drill (issue 27)', () => {
  let s3: S3StandIn;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-drill-'));
  const opened: Array<{ close(): Promise<void> }> = [];
  let liveUrl = '';
  let restoredUrl = '';

  beforeAll(async () => {
    s3 = await startS3StandIn(['drill-live', 'drill-restored']);
    const server = inject('postgresUrl') ?? '';
    const template = inject('postgresTemplate') ?? '';
    // Named under the run's prefix, so the run's teardown drops them (testing/global-setup.ts).
    const name = `${template.replace(/_tpl$/, '')}_drill_${randomBytes(3).toString('hex')}`;
    const pg = await openDatabase({ kind: 'postgres', url: server, max: 1 });
    await pg.db.execute(sql.raw(`create database ${name} template ${template}`));
    await pg.close();
    liveUrl = withDatabase(server, name);
    restoredUrl = withDatabase(server, `${name}_restored`);
  });
  afterAll(async () => {
    for (const item of opened.reverse()) await item.close();
    await s3?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const open = async (url: string): Promise<Database> => {
    const database = await openDatabase({ kind: 'postgres', url, max: 3 });
    opened.push(database);
    return database;
  };
  const bucket = (name: string): ObjectStorage => {
    const storage = createStorage(testConfig(s3.env(name)));
    opened.push(storage);
    return storage;
  };

  test('paid messages and uploads, backed up and restored into a new database and bucket: ledger balanced, every file present', async () => {
    // 1. Data made through HTTP on a fresh database and bucket.
    const live = await open(liveUrl);
    const app = await createTestApp({ database: live, env: { AUTH_IP_LIMIT: '10000', ...s3.env('drill-live') } });
    opened.push(app);
    const journey = await journeyWithUploads(app.app, live.db);
    const second = await journeyWithUploads(app.app, live.db);
    await runJobsOnce(app.app);
    const ledgerRows = async (db: Database) =>
      Number(
        (
          (await db.db.execute(sql`select count(*)::int as n from ledger_entries`)) as unknown as {
            rows: Array<{ n: number }>;
          }
        ).rows[0]?.n,
      );
    expect(await ledgerRows(live)).toBeGreaterThan(0);
    expect(await unbalancedTransactions(live.db)).toBe(0);

    // 2. Back up.
    const backupDir = path.join(work, 'backup');
    const backup = await runOpsCommand('backup', { DATABASE_URL: liveUrl, ...s3.env('drill-live') }, [backupDir]);
    expect(backup.code, backup.stderr).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    // Two avatars, two portfolio images, four attachments.
    expect(manifest.objects).toHaveLength(8);

    // 3. Restore into a database that does not exist yet and an empty bucket.
    const restore = await runOpsCommand('restore', { DATABASE_URL: restoredUrl, ...s3.env('drill-restored') }, [
      backupDir,
    ]);
    expect(restore.code, `${restore.stdout}\n${restore.stderr}`).toBe(0);
    expect(restore.stdout).toContain('Restore checked: ledger balanced, every stored file present.');

    // 4. Check the restore independently of the command's own check.
    const restored = await open(restoredUrl);
    expect(await unbalancedTransactions(restored.db)).toBe(0);
    expect(await ledgerRows(restored)).toBe(await ledgerRows(live));
    const liveBucket = bucket('drill-live');
    const restoredBucket = bucket('drill-restored');
    const referenced: string[] = [];
    for (const row of await restored.db.select().from(profiles)) {
      for (const url of [row.avatarUrl, row.coverUrl, ...row.portfolioImages]) {
        if (url?.startsWith('/uploads/')) referenced.push(publicKeyOfUrl(url) ?? url);
      }
    }
    for (const row of await restored.db.select().from(messageAttachments)) referenced.push(attachmentKey(row.fileName));
    expect(referenced).toHaveLength(8);
    for (const key of referenced) {
      const [was, is] = [await liveBucket.get(key), await restoredBucket.get(key)];
      expect(is, key).not.toBeNull();
      if (!was || !is) continue;
      expect((await readAll(is.body)).equals(await readAll(was.body))).toBe(true);
    }

    // 5. The restored pair runs: an instance on it serves the image and the attachment to the fan.
    const after = await createTestApp({
      database: restored,
      env: { AUTH_IP_LIMIT: '10000', ...s3.env('drill-restored') },
    });
    opened.push(after);
    expect((await after.app.inject({ method: 'GET', url: journey.avatarUrl })).statusCode).toBe(200);
    const fanCookie = await signIn(after.app, second.fan.email ?? '');
    const image = await after.app.inject({
      method: 'GET',
      url: `/api/attachments/${second.replyImageId}`,
      headers: { cookie: fanCookie },
    });
    expect(image.statusCode).toBe(200);

    // A restore never writes over a database that has data.
    const again = await runOpsCommand('restore', { DATABASE_URL: restoredUrl, ...s3.env('drill-restored') }, [
      backupDir,
    ]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already has');
  });
});
