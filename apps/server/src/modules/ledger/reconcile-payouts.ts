import { and, eq, lt } from 'drizzle-orm';
import { payouts } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { alertPayoutFailure } from '../system-alerts';
import { finishPayout } from './finish-payout';

/** Payouts whose transfer answer was lost (crash, outage) get asked again; the key makes it safe. */
export async function reconcilePayouts(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'log'>,
): Promise<void> {
  const before = new Date(ctx.clock.now().getTime() - 60_000);
  const stuck = await ctx.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), lt(payouts.createdAt, before)))
    .orderBy(payouts.createdAt)
    .limit(50);
  for (const { id } of stuck) {
    try {
      await finishPayout(ctx, { payoutId: id });
    } catch (error) {
      ctx.log.error({ err: error, payoutId: id }, 'payout still not confirmed by the provider');
      await alertPayoutFailure(ctx, { payoutId: id, error });
    }
  }
}
