import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../platform/config';
import { contentTypeOf, createStorage, describeStorageError, storageLabel } from '../platform/storage';
import { type BackupManifest, checkRestore, restoreCheckPassed, runPgTool, sha256 } from './backup-files';

/**
 * `npm run restore -- <backup directory>`: restores a backup made by `npm run backup` into the
 * database at DATABASE_URL, which must be new (created here when it does not exist yet, refused
 * when it has tables), and the files into the configured storage (skipping those already there with
 * the same size), then checks the result: the ledger balanced and every file a row points at
 * present. Exits 1 when any step or the check fails.
 */
async function restore(): Promise<void> {
  const source = process.argv[2];
  if (!source)
    throw new Error('usage: npm run restore -- <backup directory> (with DATABASE_URL set to a new database)');
  const dir = path.resolve(source);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`${dir}/manifest.json is not a backup this version can read`);
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('restore needs DATABASE_URL: the new PostgreSQL database to restore into');

  const dumpFile = path.join(dir, manifest.database.file);
  if (sha256(fs.readFileSync(dumpFile)) !== manifest.database.sha256)
    throw new Error(`${dumpFile} is damaged (checksum)`);
  await prepareEmptyDatabase(config.databaseUrl);
  console.log(`Restoring the database into ${new URL(config.databaseUrl).pathname.slice(1)} ...`);
  await runPgTool('pg_restore', [
    '--no-owner',
    '--no-acl',
    '--exit-on-error',
    `--dbname=${config.databaseUrl}`,
    dumpFile,
  ]);

  const storage = createStorage(config);
  try {
    console.log(`Restoring ${manifest.objects.length} file(s) into ${storageLabel(config.storage)} ...`);
    let copied = 0;
    for (const { key, bytes, sha256: sum } of manifest.objects) {
      const there = await storage.stat(key);
      if (there?.bytes === bytes) continue;
      const data = fs.readFileSync(path.join(dir, 'objects', ...key.split('/')));
      if (sha256(data) !== sum) throw new Error(`objects/${key} is damaged (checksum)`);
      await storage.put(key, data, contentTypeOf(key));
      copied++;
    }
    console.log(`Copied ${copied} file(s); ${manifest.objects.length - copied} were already there.`);

    const check = await checkRestore(config.databaseUrl, storage);
    const counts = Object.entries(check.rows)
      .map(([table, n]) => `${table} ${n}`)
      .join(', ');
    console.log(`Rows: ${counts}.`);
    console.log(
      `Ledger: ${check.ledgerTransactions} transactions, ${check.unbalancedTransactions} unbalanced, sum ${check.ledgerSum}.`,
    );
    console.log(`Files: ${check.referencedFiles} referenced, ${check.missingFiles.length} missing.`);
    for (const key of check.missingFiles.slice(0, 20)) console.log(`  missing: ${key}`);
    if (!restoreCheckPassed(check)) throw new Error('the restored data did not pass the check (see above)');
    console.log('Restore checked: ledger balanced, every stored file present.');
  } finally {
    await storage.close();
  }
}

/** Creates the database when it does not exist; refuses one that already has tables (never overwrite). */
async function prepareEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
    const name = new URL(url).pathname.slice(1);
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
      throw new Error(`will not create a database named ${JSON.stringify(name)}`);
    const server = new URL(url);
    server.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    console.log(`Created the database ${name}.`);
    return;
  }
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    const tables = Number(rows[0]?.n ?? 0);
    if (tables > 0) {
      throw new Error(
        `the database at DATABASE_URL already has ${tables} table(s). Restore into a new, empty database (createdb) and switch the app over once it is checked.`,
      );
    }
  } finally {
    await client.end();
  }
}

restore().catch((error: unknown) => {
  console.error(`restore failed: ${describeStorageError(error)}`);
  process.exit(1);
});
