import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { settleRefund } from './refund-outcome';

/** How long a refund may stay pending before we ask the provider ourselves (its webhook may be lost). */
const ASK_AFTER_MS = 60 * 60_000;

/**
 * Refunds still pending an hour after they were made (decision 0050): the provider is asked where
 * they stand, and settleRefund applies it as the webhook would have. What the outbox cannot know,
 * like reconcilePayments' lost checkouts. Returns how many changed.
 */
export async function reconcileRefunds(
  app: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'log' | 'outbox'>,
  limit = 100,
): Promise<number> {
  const { refundState } = app.payments;
  if (!refundState) return 0;
  const cutoff = new Date(app.clock.now().getTime() - ASK_AFTER_MS);
  const pending = await app.db
    .select({ id: payments.id, refundId: payments.refundId })
    .from(payments)
    .where(and(eq(payments.refundStatus, 'pending'), isNotNull(payments.refundId), lt(payments.updatedAt, cutoff)))
    .limit(limit);
  let settled = 0;
  for (const row of pending) {
    try {
      const outcome = await refundState(row.refundId ?? '');
      const result = await settleRefund(app, { paymentId: row.id, outcome });
      if (result === 'refund succeeded' || result === 'refund failed') settled++;
    } catch (error) {
      app.log.warn({ err: error, paymentId: row.id }, 'reconcile: could not read a pending refund; will retry');
    }
  }
  return settled;
}
