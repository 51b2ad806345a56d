import type { FastifyInstance } from 'fastify';
import { carryOutEffects, eraseDueAccounts, expireMessages, retryUpheldRefunds } from '../flows';
import { pruneOrphanAttachments } from '../modules/attachments';
import { pruneLookupCache } from '../modules/creators';
import { expireDataExports } from '../modules/data-export';
import { reconcilePayouts, releaseDueEarnings } from '../modules/ledger';
import { remindCreators } from '../modules/messages';
import { forgetOldOutboxKeys, pruneOutbox } from '../modules/outbox';
import { reconcilePayments } from '../modules/payments';
import { maintainProfileViews } from '../modules/profiles';
import { alertStuckPayments } from '../modules/system-alerts';
import { pruneVitals } from '../modules/vitals';
import { databaseErrorClass } from '../platform/database-errors';
import { pruneIdempotencyKeys } from '../platform/idempotency';
import { pruneRateLimitBuckets } from '../platform/rate-limit';

/**
 * Runs the expiry job and the reconciler every JOBS_INTERVAL_SECONDS inside the server. Rows are
 * claimed with SKIP LOCKED and every step is idempotent, so any number of instances may run this.
 * A run never overlaps the previous one, and none starts once the instance drains (decision 0033):
 * the stop function waits for the batch under way, which server.ts bounds by SHUTDOWN_GRACE_MS.
 */
export function startJobs(app: FastifyInstance): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running || app.drain.active) return;
    running = (async () => {
      try {
        await runJobsOnce(app);
      } catch (error) {
        const databaseClass = databaseErrorClass(error);
        if (databaseClass) app.metrics.databaseErrors.inc({ class: databaseClass });
        app.log.error({ err: error }, 'background jobs failed; retrying next interval');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, app.config.jobsIntervalSeconds * 1000);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** One pass of every background job (the loop above; tests call it directly). */
export async function runJobsOnce(app: FastifyInstance): Promise<void> {
  await expireMessages(app);
  await remindCreators(app);
  await reconcilePayments(app);
  await reconcilePayouts(app);
  await retryUpheldRefunds(app);
  // Issue 41: closed accounts whose 14-day grace has passed are erased (decision 0058).
  await eraseDueAccounts(app);
  // What changes left to do (decision 0022): retries, rows a crash left claimed, and what the
  // reconcilers above wrote. One attempt per row and pass.
  await carryOutEffects(app);
  await releaseDueEarnings(app);
  await alertStuckPayments(app);
  await pruneRateLimitBuckets(app.db, app.clock);
  await pruneIdempotencyKeys(app.db, app.clock);
  await pruneLookupCache(app);
  await pruneOrphanAttachments(app);
  await expireDataExports(app);
  await pruneVitals(app);
  // Done outbox rows past OUTBOX_RETENTION_DAYS; their keys stay for dedup (decision 0039).
  await pruneOutbox(app, app.config.outboxRetentionDays);
  // Their keys once no duplicate can arrive any more; dropped rows' keys stay (decision 0063).
  await forgetOldOutboxKeys(app, app.config.outboxPrunedKeyDays);
  // Partitions ahead, finished days rolled up, old months dropped (decision 0063).
  await maintainProfileViews(app, { rawMonths: app.config.profileViewsRawMonths });
}
