import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { attachmentKey, type ObjectStorage, publicKeyOfUrl } from '../platform/storage';

/** What a backup directory holds besides the dump and the files (`manifest.json`). */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: { file: 'database.dump'; bytes: number; sha256: string };
  objects: Array<{ key: string; bytes: number; sha256: string }>;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Runs pg_dump or pg_restore (PG_DUMP / PG_RESTORE name another binary) and fails with its own words. */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  const command = (tool === 'pg_dump' ? process.env.PG_DUMP : process.env.PG_RESTORE) || tool;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${command} was not found: install the PostgreSQL client of the server's major version (Debian: postgresql-client-15) or set ${tool === 'pg_dump' ? 'PG_DUMP' : 'PG_RESTORE'}.`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim().slice(0, 2000)}`)),
    );
  });
}

export interface RestoreCheck {
  ledgerTransactions: number;
  unbalancedTransactions: number;
  ledgerSum: number;
  referencedFiles: number;
  missingFiles: string[];
  rows: Record<string, number>;
}

/**
 * What makes a restore usable: every ledger transaction sums to zero (ARCHITECTURE §2), and every
 * file a row points at (avatars, covers, portfolios, message attachments) is in the storage.
 */
export async function checkRestore(databaseUrl: string, storage: ObjectStorage): Promise<RestoreCheck> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ledger = await client.query<{ transactions: string; unbalanced: string; total: string }>(`
      select count(*) as transactions, count(*) filter (where sum <> 0) as unbalanced, coalesce(sum(sum), 0) as total
      from (select transaction_id, sum(amount) as sum from ledger_entries group by transaction_id) t`);
    const urls = await client.query<{ url: string }>(`
      select avatar_url as url from profiles where avatar_url like '/uploads/%'
      union all select cover_url from profiles where cover_url like '/uploads/%'
      union all select unnest(portfolio_images) from profiles`);
    const attachments = await client.query<{ file_name: string }>('select file_name from message_attachments');
    const rows: Record<string, number> = {};
    for (const table of ['profiles', 'messages', 'payments', 'ledger_entries', 'message_attachments']) {
      const { rows: counted } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
      rows[table] = Number(counted[0]?.n ?? 0);
    }
    const referenced = [
      ...urls.rows.map((r) => publicKeyOfUrl(r.url) ?? `(not a stored image) ${r.url}`),
      ...attachments.rows.map((r) => attachmentKey(r.file_name)),
    ];
    const present = new Set<string>();
    for (const prefix of ['public/', 'private/']) {
      for await (const { key } of storage.list(prefix)) present.add(key);
    }
    const [summary] = ledger.rows;
    return {
      ledgerTransactions: Number(summary?.transactions ?? 0),
      unbalancedTransactions: Number(summary?.unbalanced ?? 0),
      ledgerSum: Number(summary?.total ?? 0),
      referencedFiles: referenced.length,
      missingFiles: referenced.filter((key) => !present.has(key)),
      rows,
    };
  } finally {
    await client.end();
  }
}

export const restoreCheckPassed = (check: RestoreCheck) =>
  check.unbalancedTransactions === 0 && check.ledgerSum === 0 && check.missingFiles.length === 0;
