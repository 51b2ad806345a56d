import { and, eq } from 'drizzle-orm';
import { payouts } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { enqueueEffects } from '../outbox';
import { payoutTransferEffect } from './payout-effects';

/**
 * A failed payout whose money waits on the creator's Stripe balance (decision 0029) is paid out again
 * once the creator fixed what Stripe reported (usually the bank account, in the Express dashboard):
 * the next attempt, keyed by it at Stripe, carried out like the first (the outbox's payout effect).
 */
export async function retryPayout(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'log' | 'outbox'>,
  opts: { creatorId: string; payoutId: string },
) {
  const now = ctx.clock.now();
  const effect = await ctx.db.transaction(async (tx) => {
    const [payout] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.id, opts.payoutId), eq(payouts.creatorId, opts.creatorId)))
      .for('update');
    if (!payout) throw new AppError('NOT_FOUND', 'No such payout.');
    if (payout.status !== 'failed' || !payout.transferred) {
      throw new AppError('CONFLICT', 'Only a failed payout whose money is on your Stripe balance can be retried.');
    }
    const attempts = Math.max(payout.attempts, 1) + 1;
    await tx
      .update(payouts)
      .set({
        status: 'pending',
        attempts,
        failureReason: null,
        failureCode: null,
        providerPayoutId: null,
        updatedAt: now,
      })
      .where(eq(payouts.id, payout.id));
    const next = { ...payoutTransferEffect(payout.id), key: `payout-transfer:${payout.id}:${attempts}` };
    await enqueueEffects(tx, [next], now);
    return next;
  });
  await ctx.outbox.carryOut([effect.key]);
  const [row] = await ctx.db.select().from(payouts).where(eq(payouts.id, opts.payoutId));
  return row ?? null;
}
