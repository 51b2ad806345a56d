import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { earnings, messages, payments } from '../../db/schema';
import { forEachLimited } from '../../platform/concurrency';
import { ACCOUNTS, postLedgerTransactions } from '../ledger';
import type { RefundOutcome } from './provider';
import {
  alertFailedRefund,
  bookRefundFailure,
  type FailedRefund,
  refundColumns,
  refusedOutright,
} from './refund-outcome';
import type { ReleasePaymentContext } from './release-payment';

/** Provider calls in flight at once while releasing a batch. */
const PROVIDER_CONCURRENCY = 8;

/**
 * releasePayment for a batch (the expiry job's claim): the same rules and the same ledger legs, but
 * the provider is asked with bounded concurrency and the bookkeeping of the whole batch is one
 * transaction (one commit instead of one per payment; issue 14). A payment the provider would not
 * release is left as it is and counted in `failed`: its outbox row (decision 0022) is retried, and
 * the ones already released are no-ops then. Returns how many were released or refunded, and failed.
 */
export async function releasePayments(
  ctx: ReleasePaymentContext,
  opts: { paymentIds: readonly string[] },
): Promise<{ released: number; failed: string[] }> {
  if (opts.paymentIds.length === 0) return { released: 0, failed: [] };
  const openStatus = inArray(payments.status, ['authorized', 'succeeded']);
  // Nothing earned on the message yet (a captured answer keeps its money), as releasePayment checks.
  const notEarned = notExists(
    ctx.db.select({ one: sql`1` }).from(earnings).where(eq(earnings.messageId, payments.messageId)),
  );
  const candidates = await ctx.db
    .select()
    .from(payments)
    .where(and(inArray(payments.id, [...opts.paymentIds]), openStatus, notEarned));
  const askedProvider: string[] = [];
  const failed: string[] = [];
  // Each refund as the provider answered it, recorded on its payment (decision 0050).
  const refunds = new Map<string, RefundOutcome>();
  await forEachLimited(candidates, PROVIDER_CONCURRENCY, async (payment) => {
    if (!payment.messageId) return;
    try {
      if (payment.status === 'authorized') await ctx.payments.release(payment);
      else refunds.set(payment.id, await ctx.payments.refund(payment));
      askedProvider.push(payment.id);
    } catch (error) {
      failed.push(payment.id);
      ctx.log.warn({ err: error, paymentId: payment.id }, 'the provider did not release a payment');
    }
  });
  if (askedProvider.length === 0) return { released: 0, failed };

  const now = ctx.clock.now();
  const done = await ctx.db.transaction(async (tx) => {
    // Locked, and still open, and their message really refunded: the same checks as releasePayment.
    const locked = await tx
      .select({ id: payments.id, status: payments.status, amountTotal: payments.amountTotal })
      .from(payments)
      .innerJoin(messages, eq(messages.id, payments.messageId))
      .where(and(inArray(payments.id, askedProvider), openStatus, eq(messages.status, 'refunded')))
      .orderBy(payments.id)
      .for('update', { of: payments });
    if (locked.length === 0) return { released: 0, failed, alerts: [] };
    await tx
      .update(payments)
      .set({
        status: sql`case when ${payments.status} = 'authorized' then 'canceled' else 'refunded' end`,
        updatedAt: now,
      })
      .where(
        inArray(
          payments.id,
          locked.map((p) => p.id),
        ),
      );
    const refusedOutrightIds: string[] = [];
    for (const payment of locked) {
      const refund = refunds.get(payment.id);
      if (payment.status !== 'succeeded' || !refund) continue;
      await tx.update(payments).set(refundColumns(refund)).where(eq(payments.id, payment.id));
      if (refusedOutright(refund)) refusedOutrightIds.push(payment.id);
    }
    await postLedgerTransactions(
      tx,
      locked.map((payment) => ({
        kind: payment.status === 'authorized' ? 'release' : 'refund',
        paymentId: payment.id,
        legs: [
          { account: ACCOUNTS.senderHold, amount: -payment.amountTotal },
          { account: ACCOUNTS.card, amount: payment.amountTotal },
        ],
      })),
    );
    // Refused outright (a charged-back charge, decision 0068): booked as failed refunds, owed to the fans.
    const refused = candidates.filter((payment) => refusedOutrightIds.includes(payment.id));
    const alerts: Array<{ payment: (typeof refused)[number]; refund: FailedRefund; alertKeys: string[] }> = [];
    for (const payment of refused) {
      const refund = refunds.get(payment.id) ?? { refundId: null, failureReason: null };
      alerts.push({ payment, refund, alertKeys: await bookRefundFailure(ctx, tx, payment, refund, now) });
    }
    return { released: locked.length, failed, alerts };
  });
  for (const { payment, refund, alertKeys } of done.alerts) await alertFailedRefund(ctx, payment, refund, alertKeys);
  return { released: done.released, failed: done.failed };
}
