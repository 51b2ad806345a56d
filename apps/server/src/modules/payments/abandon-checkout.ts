import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { cancelPendingMessage } from '../messages';

export type AbandonCheckoutContext = Pick<AppContext, 'db' | 'clock'>;

/**
 * A checkout that failed or was abandoned (ARCHITECTURE §3 `cancelled`): the pending message never
 * reaches the creator and the payment is marked failed or canceled. Only a pending payment changes.
 */
export async function abandonCheckout(
  ctx: AbandonCheckoutContext,
  opts: { paymentId: string; reason: 'failed' | 'canceled' },
): Promise<{ changed: boolean }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, opts.paymentId)).for('update');
    if (payment?.status !== 'pending') return { changed: false };
    await tx.update(payments).set({ status: opts.reason, updatedAt: now }).where(eq(payments.id, payment.id));
    if (payment.messageId) await cancelPendingMessage(tx, { messageId: payment.messageId, now });
    return { changed: true };
  });
}
