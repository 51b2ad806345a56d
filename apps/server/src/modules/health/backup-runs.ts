import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { backupRuns } from '../../db/schema';
import type { Db } from '../../platform/db';

export type BackupKind = 'full' | 'diff' | 'incr' | 'dump' | 'drill';

export interface BackupRun {
  kind: BackupKind;
  tool: 'pgbackrest' | 'pg_dump';
  label: string | null;
  startedAt: Date;
  finishedAt: Date;
  succeeded: boolean;
  bytes: number | null;
  detail: string | null;
}

/**
 * Records one backup the operator's tools took or tried (issue 40). `detail` is the tool's message
 * for a failed run, cut to 500 characters; never a command line (it may hold a password).
 */
export async function recordBackupRun(
  db: Db,
  run: Omit<BackupRun, 'finishedAt' | 'label' | 'bytes' | 'detail'> &
    Partial<Pick<BackupRun, 'finishedAt' | 'label' | 'bytes' | 'detail'>>,
): Promise<void> {
  await db.insert(backupRuns).values({
    kind: run.kind,
    tool: run.tool,
    label: run.label ?? null,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt ?? new Date(),
    succeeded: run.succeeded,
    bytes: run.bytes ?? null,
    detail: run.detail ? run.detail.slice(0, 500) : null,
  });
}

/** The newest successful backup (any kind but a drill), or null when none ever succeeded. */
export async function lastSuccessfulBackup(db: Db): Promise<BackupRun | null> {
  const [row] = await db
    .select()
    .from(backupRuns)
    .where(and(eq(backupRuns.succeeded, true), ne(backupRuns.kind, 'drill')))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  return row ? toRun(row) : null;
}

/** The labels already recorded for `tool`, so a command reading the tool's own list records each backup once. */
export async function recordedBackupLabels(db: Db, tool: BackupRun['tool']): Promise<Set<string>> {
  const rows = await db
    .select({ label: backupRuns.label })
    .from(backupRuns)
    .where(and(eq(backupRuns.tool, tool), isNotNull(backupRuns.label)));
  return new Set(rows.map((row) => row.label ?? ''));
}

/** The newest runs, successful or not, newest first (Admin › System). */
export async function recentBackupRuns(db: Db, limit = 10): Promise<BackupRun[]> {
  const rows = await db.select().from(backupRuns).orderBy(desc(backupRuns.finishedAt)).limit(limit);
  return rows.map(toRun);
}

function toRun(row: typeof backupRuns.$inferSelect): BackupRun {
  return {
    kind: row.kind as BackupKind,
    tool: row.tool as BackupRun['tool'],
    label: row.label,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    succeeded: row.succeeded,
    bytes: row.bytes,
    detail: row.detail,
  };
}

export interface WalArchiveStatus {
  /** When PostgreSQL last archived a WAL segment (pgBackRest's archive-push succeeded). */
  lastArchivedAt: Date | null;
  /** When an archive attempt last failed. */
  lastFailedAt: Date | null;
  /** Failed attempts since the statistics were reset. */
  failedCount: number;
}

/**
 * PostgreSQL's WAL archiver as the database reports it (pg_stat_archiver): the recovery point depends
 * on it (issue 40, decision 0062). Null when archiving has never run (archive_mode off, or PGlite).
 */
export async function walArchiveStatus(db: Db): Promise<WalArchiveStatus | null> {
  type Row = {
    last_archived_time: Date | string | null;
    last_failed_time: Date | string | null;
    failed_count: number | string;
  };
  const result = await db.execute(sql`select last_archived_time, last_failed_time, failed_count from pg_stat_archiver`);
  const row = ((result as unknown as { rows: Row[] }).rows ?? [])[0];
  if (!row || (row.last_archived_time === null && row.last_failed_time === null)) return null;
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    lastArchivedAt: date(row.last_archived_time),
    lastFailedAt: date(row.last_failed_time),
    failedCount: Number(row.failed_count),
  };
}
