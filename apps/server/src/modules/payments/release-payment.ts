import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { ACCOUNTS, earningExists, earningForRefund, postLedgerTransaction, reverseEarning } from '../ledger';
import { messageStatusOf } from '../messages';
import { disputedNow } from './disputes-of-payment';
import type { RefundOutcome } from './provider';
import { alertFailedRefund, bookRefundFailure, refundColumns, refusedOutright } from './refund-outcome';

export type ReleasePaymentContext = Pick<
  AppContext,
  'db' | 'clock' | 'payments' | 'config' | 'mailer' | 'log' | 'outbox'
>;

/**
 * The window ran out (or the creator declined): the fan keeps the money (ARCHITECTURE §2). An
 * authorization is released; a payment captured at send time (long windows, captures-at-once.ts) is
 * refunded. Idempotent like capturePayment.
 */
export async function releasePayment(
  ctx: ReleasePaymentContext,
  opts: { paymentId: string },
): Promise<'released' | 'noop'> {
  const { paymentId } = opts;
  const [before] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!before?.messageId || !['authorized', 'succeeded'].includes(before.status)) return 'noop';
  if (await earningExists(ctx.db, { messageId: before.messageId })) return 'noop';
  let refund: RefundOutcome | null = null;
  if (before.status === 'authorized') await ctx.payments.release(before);
  else refund = await ctx.payments.refund(before);

  const now = ctx.clock.now();
  const released = await ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment?.messageId || !['authorized', 'succeeded'].includes(payment.status)) return 'noop' as const;
    if ((await messageStatusOf(tx, payment.messageId)) !== 'refunded') return 'noop' as const;
    const kind = payment.status === 'authorized' ? 'release' : 'refund';
    await tx
      .update(payments)
      .set({
        status: kind === 'release' ? 'canceled' : 'refunded',
        // Refunded, but only as far as the provider has got: pending until it says succeeded (decision 0050).
        ...(kind === 'refund' && refund && refundColumns(refund)),
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    await postLedgerTransaction(tx, {
      kind,
      paymentId: payment.id,
      legs: [
        { account: ACCOUNTS.senderHold, amount: -payment.amountTotal },
        { account: ACCOUNTS.card, amount: payment.amountTotal },
      ],
    });
    // Refused outright (a charge charged back, decision 0068): owed to the fan, booked as a failed refund.
    const alertKeys = refund && refusedOutright(refund) ? await bookRefundFailure(ctx, tx, payment, refund, now) : null;
    return { done: 'released' as const, alertKeys };
  });
  if (released === 'noop') return released;
  if (refund && released.alertKeys) await alertFailedRefund(ctx, before, refund, released.alertKeys);
  return released.done;
}

/**
 * An admin upheld a "not an answer" flag (decision 0016): the captured payment goes back to the fan.
 * The same refund call as an expired captured-at-once payment (keyed `fanline:<id>:refund`), then, in
 * one database transaction, the payment is marked refunded and the ledger reverses the earning
 * (reverseEarning: the creator's share and the platform fee back to the card, the earning marked
 * refunded). An earning already transferred to the creator (an upheld report after its payout) has
 * its transfer reversed at the provider first, keyed by the earning (decision 0029), so the money
 * comes back from the creator's connected account; if the provider refuses that reversal, the fan is
 * refunded all the same and the share becomes a debt netted against the creator's next payouts
 * (decision 0055). Idempotent: a second call, or a crash and a retry, books it once.
 */
export async function refundCapturedPayment(
  ctx: ReleasePaymentContext,
  opts: { messageId: string },
): Promise<'refunded' | 'noop'> {
  const [before] = await ctx.db.select().from(payments).where(eq(payments.messageId, opts.messageId));
  const found = before?.status === 'succeeded' ? await earningForRefund(ctx.db, { messageId: opts.messageId }) : null;
  if (!before || !found) return 'noop';
  // A chargeback already gave the fan the money back (decision 0054): a refund would pay twice, and Stripe
  // refuses it (charge_disputed) after we had reversed the creator's transfer.
  if (await disputedNow(ctx.db, before.id)) return 'noop';
  const reversal = found.transfer ? await ctx.payments.payouts.reverseTransfer(found.transfer) : null;
  // Refused, the fan is refunded all the same and the share is netted against the next payouts (0055).
  const reversalRefused = reversal?.state === 'refused';
  const refund = await ctx.payments.refund(before);

  const now = ctx.clock.now();
  const refunded = await ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, before.id)).for('update');
    if (payment?.status !== 'succeeded') return 'noop' as const;
    const reversed = await reverseEarning(tx, {
      paymentId: payment.id,
      messageId: opts.messageId,
      creatorId: payment.recipientId,
      amountCreator: payment.amountCreator,
      amountPlatformFee: payment.amountPlatformFee,
      amountTotal: payment.amountTotal,
      at: now,
      reversalRefused,
    });
    if (!reversed) return 'noop' as const;
    await tx
      .update(payments)
      .set({ status: 'refunded', ...refundColumns(refund), updatedAt: now })
      .where(eq(payments.id, payment.id));
    // Refused outright: Stripe refuses a refund of a charged-back charge (charge_disputed), also once the
    // dispute was won (decision 0068). The creator's earning is taken back all the same (the ruling
    // stands); the fan's money stays on the platform, owed to them, and admins give it back another way.
    const alertKeys = refusedOutright(refund) ? await bookRefundFailure(ctx, tx, payment, refund, now) : null;
    return { done: 'refunded' as const, alertKeys };
  });
  if (refunded === 'noop') return refunded;
  if (refunded.alertKeys) await alertFailedRefund(ctx, before, refund, refunded.alertKeys);
  return refunded.done;
}
