import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { bookProcessingFee, processingFeeBooked } from '../ledger';
import type { Effect } from '../outbox';
import { processingFeeEffect } from './effects';

export type RecordProcessingFeeContext = Pick<AppContext, 'db' | 'clock' | 'payments' | 'log'>;

/**
 * The processing-fee effect's handler (decision 0056): reads what the provider kept of the payment's
 * charge (Stripe: the charge's balance transaction) and books it once, out of platform_revenue. The
 * built-in test provider takes no fee, so books none. Safe to repeat: the booking is checked under the
 * payment's row lock. A provider that cannot answer yet throws, and the outbox asks again later.
 */
export async function recordProcessingFee(
  ctx: RecordProcessingFeeContext,
  opts: { paymentId: string },
): Promise<'booked' | 'noop'> {
  const feeOf = ctx.payments.processingFee;
  if (!feeOf) return 'noop';
  const [before] = await ctx.db.select().from(payments).where(eq(payments.id, opts.paymentId));
  if (!before?.paymentIntentId || before.provider !== ctx.payments.name) return 'noop';
  if (await processingFeeBooked(ctx.db, before.id)) return 'noop';
  const fee = await feeOf(before);
  if (fee === null) return 'noop';
  const booked = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, before.id)).for('update');
    return bookProcessingFee(tx, { paymentId: before.id, fee, at: ctx.clock.now() });
  });
  if (booked) ctx.log.info({ paymentId: before.id, fee }, 'processing fee booked');
  return booked ? 'booked' : 'noop';
}

/** The fee's effect, for a provider that charges fees; none for one that does not (the local provider). */
export function processingFeeEffects(provider: AppContext['payments'], paymentId: string): Effect[] {
  return provider.processingFee ? [processingFeeEffect(paymentId)] : [];
}
