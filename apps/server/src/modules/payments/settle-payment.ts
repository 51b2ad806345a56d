import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { earnings, messages, payments } from '../../db/schema';
import { ACCOUNTS, postLedgerTransaction } from '../ledger';

/**
 * The creator answered: take the money and book it (ARCHITECTURE §2, §3a). The provider call comes
 * first and is idempotent; the booking locks the payment and happens once, keyed by the earning of
 * the message. Safe to repeat from the reply, the reconciler or both at once.
 */
export async function settlePayment(app: FastifyInstance, paymentId: string): Promise<'settled' | 'noop' | 'gone'> {
  const [before] = await app.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!before?.messageId || !['authorized', 'succeeded'].includes(before.status)) return 'noop';
  if (before.status === 'authorized' && (await app.payments.capture(before)) === 'gone') {
    // The hold lapsed at the provider before we could take it: nothing was charged.
    await app.db
      .update(payments)
      .set({ status: 'failed', updatedAt: app.clock.now() })
      .where(eq(payments.id, paymentId));
    app.log.error({ paymentId }, 'authorization gone at capture time; the creator is not paid for this message');
    return 'gone';
  }
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment?.messageId || !['authorized', 'succeeded'].includes(payment.status)) return 'noop' as const;
    const [existing] = await tx
      .select({ id: earnings.id })
      .from(earnings)
      .where(eq(earnings.messageId, payment.messageId));
    if (existing) return 'noop' as const;
    const [message] = await tx
      .select({ status: messages.status })
      .from(messages)
      .where(eq(messages.id, payment.messageId));
    if (message?.status !== 'responded') return 'noop' as const;
    await tx.update(payments).set({ status: 'succeeded', updatedAt: now }).where(eq(payments.id, payment.id));
    await tx.insert(earnings).values({
      creatorId: payment.recipientId,
      messageId: payment.messageId,
      amount: payment.amountCreator,
      commission: payment.amountPlatformFee,
      totalAmount: payment.amountTotal,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
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
    return 'settled' as const;
  });
}
