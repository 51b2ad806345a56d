import fs from 'node:fs';
import path from 'node:path';
import { recordBackupRun } from '../modules/health';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';
import { createStorage, describeStorageError, readAll, storageLabel } from '../platform/storage';
import { type BackupManifest, runPgTool, sha256 } from './backup-files';

/**
 * `npm run backup [-- <directory>]`: a custom-format pg_dump of DATABASE_URL and a copy of every
 * stored file (the bucket, or DATA_DIR's uploads and attachments) into one new directory,
 * BACKUP_DIR/fanline-<UTC time> by default, with a manifest of sizes and checksums that
 * `npm run restore` checks. The database is dumped first: a file uploaded while the copy runs is
 * extra, which is harmless (docs/operations.md §6).
 */
async function backup(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error(
      'backup needs DATABASE_URL (PostgreSQL). The embedded database is backed up by stopping the server and copying DATA_DIR.',
    );
  }
  const startedAt = new Date();
  const stamp = startedAt
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const target = path.resolve(process.argv[2] ?? path.join(process.env.BACKUP_DIR || './backups', `fanline-${stamp}`));
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) throw new Error(`${target} is not empty`);
  fs.mkdirSync(path.join(target, 'objects'), { recursive: true });

  const dumpFile = path.join(target, 'database.dump');
  console.log(`Dumping the database to ${dumpFile} ...`);
  await runPgTool('pg_dump', [
    '--format=custom',
    '--compress=6',
    `--file=${dumpFile}`,
    `--dbname=${config.databaseUrl}`,
  ]);
  const dump = fs.readFileSync(dumpFile);

  const storage = createStorage(config);
  const objects: BackupManifest['objects'] = [];
  try {
    console.log(`Copying the files of ${storageLabel(config.storage)} ...`);
    for (const prefix of ['public/', 'private/']) {
      for await (const { key } of storage.list(prefix)) {
        const object = await storage.get(key);
        if (!object) continue; // removed since it was listed
        const bytes = await readAll(object.body);
        const file = path.join(target, 'objects', ...key.split('/'));
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, bytes);
        objects.push({ key, bytes: bytes.length, sha256: sha256(bytes) });
      }
    }
  } finally {
    await storage.close();
  }
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: { file: 'database.dump', bytes: dump.length, sha256: sha256(dump) },
    objects,
  };
  fs.writeFileSync(path.join(target, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Backup written to ${target}: database ${dump.length} bytes, ${objects.length} file(s).`);
  const bytes = dump.length + objects.reduce((sum, object) => sum + object.bytes, 0);
  await record(config.databaseUrl, { startedAt, succeeded: true, label: path.basename(target), bytes });
}

/**
 * Writes the run into backup_runs (issue 40), where the backup-age metric, its alert and Admin ›
 * System read it. A failure to record is reported but does not fail a backup that was written.
 */
async function record(
  url: string,
  run: { startedAt: Date; succeeded: boolean; label?: string; bytes?: number; detail?: string },
): Promise<void> {
  try {
    const database = await openDatabase({ kind: 'postgres', url, max: 1 });
    try {
      await recordBackupRun(database.db, { kind: 'dump', tool: 'pg_dump', ...run });
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error(`backup: could not record the run in backup_runs: ${describeStorageError(error)}`);
  }
}

const startedAt = new Date();
backup().catch(async (error: unknown) => {
  const detail = describeStorageError(error);
  console.error(`backup failed: ${detail}`);
  const url = loadConfig().databaseUrl;
  if (url) await record(url, { startedAt, succeeded: false, detail });
  process.exit(1);
});
