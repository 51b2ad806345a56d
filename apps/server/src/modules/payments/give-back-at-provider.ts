import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { recordProcessingFee } from './record-processing-fee';

/**
 * The give-back effect's handler (decision 0039): a payment the platform will not keep (a checkout
 * refused when it completed late, an orphan charge after we had abandoned the checkout) has its hold
 * released, or its charge refunded, at the provider. The change that decided it recorded the intent on
 * our row and wrote this effect in one transaction; the provider call carries the payment's own
 * idempotency key, so a repeat gives back once.
 */
export async function giveBackAtProvider(
  ctx: Pick<AppContext, 'db' | 'clock' | 'payments' | 'log'>,
  payload: { paymentId: string; paymentIntentId: string; action: 'release' | 'refund' },
): Promise<void> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, payload.paymentId));
  if (!payment) return;
  const held = { ...payment, paymentIntentId: payload.paymentIntentId };
  if (payload.action === 'release') return ctx.payments.release(held);
  await ctx.payments.refund(held);
  // The charge was taken, and its fee is not given back with the money (decision 0056).
  await recordProcessingFee(ctx, { paymentId: payment.id });
}
