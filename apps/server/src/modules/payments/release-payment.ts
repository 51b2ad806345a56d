import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { ACCOUNTS, earningExists, postLedgerTransaction } from '../ledger';
import { messageStatusOf } from '../messages';

export type ReleasePaymentContext = Pick<AppContext, 'db' | 'clock' | 'payments'>;

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
  if (before.status === 'authorized') await ctx.payments.release(before);
  else await ctx.payments.refund(before);

  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment?.messageId || !['authorized', 'succeeded'].includes(payment.status)) return 'noop' as const;
    if ((await messageStatusOf(tx, payment.messageId)) !== 'refunded') return 'noop' as const;
    const kind = payment.status === 'authorized' ? 'release' : 'refund';
    await tx
      .update(payments)
      .set({ status: kind === 'release' ? 'canceled' : 'refunded', updatedAt: now })
      .where(eq(payments.id, payment.id));
    await postLedgerTransaction(tx, {
      kind,
      paymentId: payment.id,
      legs: [
        { account: ACCOUNTS.senderHold, amount: -payment.amountTotal },
        { account: ACCOUNTS.card, amount: payment.amountTotal },
      ],
    });
    return 'released' as const;
  });
}
