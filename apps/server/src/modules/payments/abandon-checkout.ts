import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages, payments } from '../../db/schema';

/**
 * A checkout that failed or was abandoned (ARCHITECTURE §3 `cancelled`): the pending message never
 * reaches the creator and the payment is marked failed or canceled. Only a pending payment changes.
 */
export async function abandonCheckout(
  app: FastifyInstance,
  opts: { paymentId: string; reason: 'failed' | 'canceled' },
): Promise<{ changed: boolean }> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, opts.paymentId)).for('update');
    if (payment?.status !== 'pending') return { changed: false };
    await tx.update(payments).set({ status: opts.reason, updatedAt: now }).where(eq(payments.id, payment.id));
    if (payment.messageId) {
      await tx
        .update(messages)
        .set({ status: 'cancelled', updatedAt: now })
        .where(and(eq(messages.id, payment.messageId), eq(messages.status, 'pending')));
    }
    return { changed: true };
  });
}
