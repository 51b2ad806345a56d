import type { TStuckJobResult } from '@fanline/contracts';
import { recordAudit } from '../modules/audit';
import { dropDeadEffect, listDeadEffects, retryDeadEffect } from '../modules/outbox';
import type { AppContext } from '../platform/context';
import { notFound } from '../platform/errors';

/** Admin › Stuck jobs (decision 0039): the dead outbox rows, each with the chain it holds back. */
export async function listStuckJobs(ctx: Pick<AppContext, 'db'>) {
  return { jobs: await listDeadEffects(ctx) };
}

/**
 * Retries or drops one dead outbox row, audited in the same transaction (ARCHITECTURE §8). A retry
 * makes it due at once with a full set of attempts (the jobs carry it out on their next pass); a drop
 * gives it up and lets the rows behind it run. A row that is not dead (any more) is a 404.
 */
export async function settleStuckJob(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  opts: { adminId: string; id: number; action: 'retry' | 'drop' },
): Promise<TStuckJobResult> {
  const now = ctx.clock.now();
  const changed = await ctx.db.transaction(async (tx) => {
    const before =
      opts.action === 'retry' ? await retryDeadEffect(tx, opts.id, now) : await dropDeadEffect(tx, opts.id, now);
    if (!before) return null;
    await recordAudit(tx, {
      adminId: opts.adminId,
      action: `outbox.${opts.action}`,
      targetType: 'outbox',
      targetId: String(before.id),
      before: {
        status: 'dead',
        kind: before.kind,
        key: before.key,
        attempts: before.attempts,
        lastError: before.lastError,
      },
      after: { status: opts.action === 'retry' ? 'pending' : 'dropped' },
      now,
    });
    return before;
  });
  if (!changed) throw notFound('No stuck job with this id: it may have been retried or dropped already.');
  return { outcome: opts.action === 'retry' ? 'retried' : 'dropped' };
}
