import { type BackupRun, lastSuccessfulBackup, listSeenInstances, recentBackupRuns } from '../modules/health';
import { oldestOverdueMessage } from '../modules/messages';
import { outboxBacklog } from '../modules/outbox';
import { countLiveStreamsByInstance } from '../modules/realtime';
import type { AppContext } from '../platform/context';

/**
 * Admin › System (issue 40, decision 0064): the instances seen, the outbox backlog and its dead rows,
 * the oldest overdue message and the last backup. The figures come from the functions the metrics
 * read (http/metrics-routes.ts), at one `now`, so the page and a scrape agree.
 */
export async function getSystem(ctx: Pick<AppContext, 'db' | 'clock'>) {
  const now = ctx.clock.now();
  const [seen, streams, backlog, overdue, lastBackup, recentRuns] = await Promise.all([
    listSeenInstances(ctx.db, now),
    countLiveStreamsByInstance(ctx, now),
    outboxBacklog(ctx.db, now),
    oldestOverdueMessage(ctx.db, now),
    lastSuccessfulBackup(ctx.db),
    recentBackupRuns(ctx.db, 10),
  ]);
  const ageSeconds = (since: Date | null) =>
    since ? Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000)) : null;
  const lastFailed =
    recentRuns.find((run) => !run.succeeded && (!lastBackup || run.finishedAt > lastBackup.finishedAt)) ?? null;
  return {
    checkedAt: now,
    instances: seen.map((instance) => ({
      id: instance.id,
      version: instance.version,
      startedAt: instance.startedAt,
      lastSeenAt: instance.lastSeenAt,
      status: instance.status,
      ready: instance.ready,
      gone: instance.gone,
      openStreams: streams.get(instance.id) ?? 0,
    })),
    outbox: {
      due: backlog.due,
      dead: backlog.dead,
      oldestDueAt: backlog.oldestDueAt,
      oldestDueAgeSeconds: ageSeconds(backlog.oldestDueAt),
    },
    overdueMessages: { oldestDeadline: overdue, ageSeconds: ageSeconds(overdue) },
    backups: {
      lastSuccessful: lastBackup && backupRun(lastBackup),
      lastSuccessfulAgeSeconds: ageSeconds(lastBackup?.finishedAt ?? null),
      lastFailed: lastFailed && backupRun(lastFailed),
    },
  };
}

function backupRun(run: BackupRun) {
  return { kind: run.kind, tool: run.tool, startedAt: run.startedAt, finishedAt: run.finishedAt, detail: run.detail };
}
