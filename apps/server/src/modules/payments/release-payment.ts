import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { earnings, messages, payments } from '../../db/schema';
import { ACCOUNTS, postLedgerTransaction } from '../ledger';

/**
 * The window ran out: the fan keeps the money (ARCHITECTURE §2). An authorization is released; a
 * payment captured at send time (long windows) is refunded. Idempotent like settlePayment.
 */
export async function releasePayment(app: FastifyInstance, paymentId: string): Promise<'released' | 'noop'> {
  const [before] = await app.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!before?.messageId || !['authorized', 'succeeded'].includes(before.status)) return 'noop';
  const [earned] = await app.db
    .select({ id: earnings.id })
    .from(earnings)
    .where(eq(earnings.messageId, before.messageId));
  if (earned) return 'noop';
  if (before.status === 'authorized') await app.payments.release(before);
  else await app.payments.refund(before);

  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment?.messageId || !['authorized', 'succeeded'].includes(payment.status)) return 'noop' as const;
    const [message] = await tx
      .select({ status: messages.status })
      .from(messages)
      .where(eq(messages.id, payment.messageId));
    if (message?.status !== 'refunded') return 'noop' as const;
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
