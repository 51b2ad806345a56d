import fs from 'node:fs';
import path from 'node:path';
import { recordBackupRun } from '../modules/health';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';
import { contentTypeOf, createStorage, describeStorageError, storageLabel } from '../platform/storage';
import { checkRestore, type RestoreCheck, restoreCheckPassed } from './backup-files';

/**
 * `npm run restore:files -- <store>`: the second half of a point-in-time restore (docs/operations.md
 * §6). DATABASE_URL is the database pgBackRest restored to the chosen minute; every file a row of it
 * points at and the configured storage lacks is copied in from the store `npm run backup:files`
 * keeps. Then the restore check: the ledger balanced and every referenced file present. The attempt
 * is recorded as a drill in backup_runs (of BACKUP_RECORD_URL when set, the production database a
 * drill reports to; else DATABASE_URL). Exits 1 when a file is missing or the ledger is off.
 */
async function restoreFiles(): Promise<void> {
  const source = process.argv[2];
  if (!source) throw new Error('usage: npm run restore:files -- <file store> (DATABASE_URL: the restored database)');
  const store = path.resolve(source);
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('restore:files needs DATABASE_URL: the restored PostgreSQL database');
  const startedAt = new Date();
  const storage = createStorage(config);
  let check: RestoreCheck;
  try {
    const before = await checkRestore(config.databaseUrl, storage);
    let copied = 0;
    for (const key of before.missingFiles) {
      const file = path.join(store, 'objects', ...key.split('/'));
      if (!fs.existsSync(file)) continue; // stays missing; the check below names it
      await storage.put(key, fs.readFileSync(file), contentTypeOf(key));
      copied++;
    }
    console.log(`Copied ${copied} file(s) from ${store} into ${storageLabel(config.storage)}.`);
    check = copied > 0 ? await checkRestore(config.databaseUrl, storage) : before;
  } finally {
    await storage.close();
  }
  console.log(
    `Rows: ${Object.entries(check.rows)
      .map(([table, n]) => `${table} ${n}`)
      .join(', ')}.`,
  );
  console.log(
    `Ledger: ${check.ledgerTransactions} transactions, ${check.unbalancedTransactions} unbalanced, sum ${check.ledgerSum}.`,
  );
  console.log(`Files: ${check.referencedFiles} referenced, ${check.missingFiles.length} missing.`);
  for (const key of check.missingFiles.slice(0, 20)) console.log(`  missing: ${key}`);
  const passed = restoreCheckPassed(check);
  await record(process.env.BACKUP_RECORD_URL || config.databaseUrl, {
    startedAt,
    succeeded: passed,
    label: process.env.RESTORE_TARGET ? `to ${process.env.RESTORE_TARGET}` : undefined,
    detail: passed ? undefined : `${check.unbalancedTransactions} unbalanced, ${check.missingFiles.length} missing`,
  });
  if (!passed) throw new Error('the restored data did not pass the check (see above)');
  console.log('Restore checked: ledger balanced, every stored file present.');
}

async function record(url: string, run: { startedAt: Date; succeeded: boolean; label?: string; detail?: string }) {
  try {
    const database = await openDatabase({ kind: 'postgres', url, max: 1 });
    try {
      await recordBackupRun(database.db, { kind: 'drill', tool: 'pgbackrest', ...run });
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error(`restore:files: could not record the drill in backup_runs: ${describeStorageError(error)}`);
  }
}

restoreFiles().catch((error: unknown) => {
  console.error(`restore:files failed: ${describeStorageError(error)}`);
  process.exit(1);
});
