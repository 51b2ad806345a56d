import { and, eq, lt } from 'drizzle-orm';
import { payouts } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { enqueueEffects } from '../outbox';
import { payoutTransferEffect } from './payout-effects';

/**
 * Payouts still pending a minute after their request: their transfer is an outbox effect written with
 * the payout (decision 0022), which the outbox retries; this writes it for a payout that has none (one
 * requested before the outbox). The jobs' outbox pass carries it out; the provider's key makes it safe.
 */
export async function reconcilePayouts(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<void> {
  const before = new Date(ctx.clock.now().getTime() - 60_000);
  const stuck = await ctx.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), lt(payouts.createdAt, before)))
    .orderBy(payouts.createdAt)
    .limit(50);
  await enqueueEffects(
    ctx.db,
    stuck.map(({ id }) => payoutTransferEffect(id)),
    ctx.clock.now(),
  );
}
