import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { ACCOUNTS, earningExists, holdEarning, postLedgerTransaction, recordEarning } from '../ledger';
import { messageStatusOf } from '../messages';
import { enqueueEffects } from '../outbox';
import { processingFeeEffects } from './record-processing-fee';

export type CapturePaymentContext = Pick<AppContext, 'db' | 'clock' | 'payments' | 'log' | 'outbox'>;

/**
 * The creator answered: capture the money and book it (ARCHITECTURE §2, §3a): the provider takes the
 * held authorization (a payment charged at send, for long windows, is already taken), then the 75/25
 * split frozen on the payment is credited: the creator's share to their payable, the commission to
 * the platform. The provider call comes first and is idempotent; the booking locks the payment and
 * happens once, keyed by the earning of the message. Safe to repeat from the reply, the reconciler or
 * both at once.
 */
export async function capturePayment(
  ctx: CapturePaymentContext,
  opts: { paymentId: string },
): Promise<'captured' | 'noop' | 'gone'> {
  const { paymentId } = opts;
  const [before] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!before?.messageId || !['authorized', 'succeeded'].includes(before.status)) return 'noop';
  if (before.status === 'authorized' && (await ctx.payments.capture(before)) === 'gone') {
    // The hold lapsed at the provider before we could take it (decision 0050: final, never retried):
    // nothing was charged, so the fan's hold is released in the ledger too, and the creator earns nothing.
    const booked = await ctx.db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      if (payment?.status !== 'authorized') return false;
      await tx.update(payments).set({ status: 'failed', updatedAt: ctx.clock.now() }).where(eq(payments.id, paymentId));
      await postLedgerTransaction(tx, {
        kind: 'release',
        paymentId,
        at: ctx.clock.now(),
        legs: [
          { account: ACCOUNTS.senderHold, amount: -payment.amountTotal },
          { account: ACCOUNTS.card, amount: payment.amountTotal },
        ],
      });
      return true;
    });
    if (booked)
      ctx.log.error({ paymentId }, 'authorization gone at capture time; the creator is not paid for this message');
    return 'gone';
  }
  const now = ctx.clock.now();
  // Decision 0056: the processor's fee on the charge, booked from its answer once the capture commits.
  const fee = processingFeeEffects(ctx.payments, paymentId);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment?.messageId || !['authorized', 'succeeded'].includes(payment.status)) return 'noop' as const;
    if (await earningExists(tx, { messageId: payment.messageId })) return 'noop' as const;
    if ((await messageStatusOf(tx, payment.messageId)) !== 'responded') return 'noop' as const;
    await tx.update(payments).set({ status: 'succeeded', updatedAt: now }).where(eq(payments.id, payment.id));
    await recordEarning(tx, {
      creatorId: payment.recipientId,
      messageId: payment.messageId,
      amount: payment.amountCreator,
      commission: payment.amountPlatformFee,
      totalAmount: payment.amountTotal,
      now,
    });
    await postLedgerTransaction(tx, {
      kind: 'capture',
      paymentId: payment.id,
      at: now,
      legs: [
        { account: ACCOUNTS.senderHold, amount: -payment.amountTotal },
        { account: ACCOUNTS.creatorPayable(payment.recipientId), amount: payment.amountCreator },
        { account: ACCOUNTS.platformRevenue, amount: payment.amountPlatformFee },
      ],
    });
    // Not payable for the 48 hours the fan may flag the reply "not an answer" (decision 0016).
    await holdEarning(tx, {
      paymentId: payment.id,
      creatorId: payment.recipientId,
      amount: payment.amountCreator,
      at: now,
    });
    await enqueueEffects(tx, fee, now);
    return 'captured' as const;
  });
  if (outcome === 'captured') await ctx.outbox.carryOut(fee.map((effect) => effect.key));
  return outcome;
}
