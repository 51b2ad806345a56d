import { execFile } from 'node:child_process';
import { type BackupKind, recordBackupRun, recordedBackupLabels } from '../modules/health';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';

/**
 * `npm run backup:record`: reads pgBackRest's own list of base backups (`pgbackrest info
 * --output=json`; the stanza and configuration from PGBACKREST_STANZA / PGBACKREST_CONFIG, default
 * `fanline` and /etc/pgbackrest/pgbackrest.conf) and records each one not recorded yet in
 * backup_runs, where the backup-age metric, its alert and Admin › System read it (issue 40). Run by
 * deploy/backup/pgbackrest-backup.sh after every scheduled backup; running it again records nothing
 * twice. `npm run backup:record -- --failed <full|diff|incr> <what went wrong>` records a backup
 * that failed, so "it ran and failed" differs from "it did not run".
 */

interface InfoBackup {
  label: string;
  type: 'full' | 'diff' | 'incr';
  error?: boolean;
  timestamp: { start: number; stop: number };
  info?: { repository?: { delta?: number } };
}

const KINDS = new Set<BackupKind>(['full', 'diff', 'incr']);

function pgbackrestInfo(stanza: string): Promise<InfoBackup[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.env.PGBACKREST || 'pgbackrest',
      [`--stanza=${stanza}`, '--output=json', 'info'],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
          reject(
            new Error(missing ? 'pgbackrest was not found (Debian: apt-get install -y pgbackrest)' : stderr.trim()),
          );
          return;
        }
        const stanzas = JSON.parse(stdout) as Array<{ name: string; backup?: InfoBackup[] }>;
        resolve(stanzas.find((s) => s.name === stanza)?.backup ?? []);
      },
    );
  });
}

async function main(): Promise<void> {
  const url = loadConfig().databaseUrl;
  if (!url) throw new Error('backup:record needs DATABASE_URL (the database whose backups these are)');
  const stanza = process.env.PGBACKREST_STANZA || 'fanline';
  const database = await openDatabase({ kind: 'postgres', url, max: 1 });
  try {
    const args = process.argv.slice(2);
    if (args[0] === '--failed') {
      const kind = args[1] as BackupKind;
      if (!KINDS.has(kind)) throw new Error('usage: npm run backup:record -- --failed <full|diff|incr> <detail>');
      const detail = args.slice(2).join(' ').trim() || 'pgbackrest backup failed';
      await recordBackupRun(database.db, { kind, tool: 'pgbackrest', startedAt: new Date(), succeeded: false, detail });
      console.log(`Recorded a failed ${kind} backup.`);
      return;
    }
    const known = await recordedBackupLabels(database.db, 'pgbackrest');
    let added = 0;
    for (const backup of await pgbackrestInfo(stanza)) {
      if (known.has(backup.label) || !KINDS.has(backup.type)) continue;
      await recordBackupRun(database.db, {
        kind: backup.type,
        tool: 'pgbackrest',
        label: backup.label,
        startedAt: new Date(backup.timestamp.start * 1000),
        finishedAt: new Date(backup.timestamp.stop * 1000),
        // pgBackRest keeps a backup whose pages failed their checksums, and says so.
        succeeded: backup.error !== true,
        bytes: backup.info?.repository?.delta ?? null,
        detail: backup.error ? 'pgBackRest found page checksum errors in this backup (pgbackrest info)' : null,
      });
      console.log(`Recorded ${backup.type} backup ${backup.label}.`);
      added++;
    }
    console.log(`${added} new backup(s) recorded for stanza ${stanza}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`backup:record failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
