import { z } from 'zod';
import { ZTimestamp } from './common';

/** One instance of the deployment as its heartbeat last told (decision 0064). */
export const ZAdminInstance = z.object({
  id: z.string(),
  version: z.string(),
  startedAt: ZTimestamp,
  lastSeenAt: ZTimestamp,
  /** What its readiness said at its last beat; 'stopped' after a clean shutdown. */
  status: z.enum(['ok', 'degraded', 'draining', 'stopped']),
  /** Readiness answered 200 at its last beat, and that beat is recent. */
  ready: z.boolean(),
  /** Not heard from for three beats without stopping cleanly: killed, or cut off from the database. */
  gone: z.boolean(),
  /** Its live event streams (the stream leases the cluster-wide caps count). */
  openStreams: z.number().int(),
});

/** A backup the operator's tools took or tried (backup_runs). */
export const ZAdminBackupRun = z.object({
  kind: z.enum(['full', 'diff', 'incr', 'dump', 'drill']),
  tool: z.enum(['pgbackrest', 'pg_dump']),
  startedAt: ZTimestamp,
  finishedAt: ZTimestamp,
  /** The tool's message for a failed run. */
  detail: z.string().nullable(),
});

/**
 * GET /api/admin/system (issue 40, decision 0064): what the metrics read, for an operator without
 * Prometheus. Ages are seconds at `checkedAt` by the server's clock, as the metrics compute them.
 */
export const ZAdminSystem = z.object({
  checkedAt: ZTimestamp,
  instances: z.array(ZAdminInstance),
  outbox: z.object({
    due: z.number().int(),
    dead: z.number().int(),
    oldestDueAt: ZTimestamp.nullable(),
    oldestDueAgeSeconds: z.number().int().nullable(),
  }),
  overdueMessages: z.object({
    /** When the longest-overdue open message's reply window ended; null when none is overdue. */
    oldestDeadline: ZTimestamp.nullable(),
    ageSeconds: z.number().int().nullable(),
  }),
  backups: z.object({
    lastSuccessful: ZAdminBackupRun.nullable(),
    lastSuccessfulAgeSeconds: z.number().int().nullable(),
    /** The newest failed run, when it is newer than the last successful one. */
    lastFailed: ZAdminBackupRun.nullable(),
  }),
});

export type TAdminInstance = z.input<typeof ZAdminInstance>;
export type TAdminBackupRun = z.input<typeof ZAdminBackupRun>;
export type TAdminSystem = z.input<typeof ZAdminSystem>;
