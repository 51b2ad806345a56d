import { and, eq, isNull, lt, lte } from 'drizzle-orm';
import { payoutAccounts, payouts } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { enqueueEffects } from '../outbox';
import { payoutTransferEffect } from './payout-effects';
import { applyPayoutNews } from './payout-state';
import { fundsCheckEffect } from './wait-for-funds';

/**
 * Payouts still pending a minute after their request: their transfer is an outbox effect written with
 * the payout (decision 0022), which the outbox retries; this writes it for a payout that has none (one
 * requested before the outbox). The jobs' outbox pass carries it out; the provider's key makes it safe.
 *
 * Payouts waiting for their funds on the connected account (decision 0052) are carried on once their
 * `check_funds_at` has come: at the day Stripe named, or an hour after the last look.
 *
 * Payouts in transit are asked about again (decision 0029): with Stripe, an hour after the last look, in
 * case payout.paid / payout.failed was lost; with the built-in provider after a minute, which is how its
 * simulated bank pays them.
 */
export async function reconcilePayouts(
  ctx: Pick<AppContext, 'db' | 'clock' | 'payments' | 'outbox' | 'log'>,
): Promise<void> {
  const now = ctx.clock.now();
  const before = new Date(now.getTime() - 60_000);
  const stuck = await ctx.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), isNull(payouts.checkFundsAt), lt(payouts.createdAt, before)))
    .orderBy(payouts.createdAt)
    .limit(50);
  // Waiting for funds (decision 0052) and due for a look: the payout effect again, keyed by this wait,
  // so every instance writes the same row once and a later wait is a new one.
  const due = await ctx.db
    .select({ id: payouts.id, attempts: payouts.attempts, checkFundsAt: payouts.checkFundsAt })
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), lte(payouts.checkFundsAt, now)))
    .orderBy(payouts.checkFundsAt)
    .limit(50);
  const again = due.flatMap((p) => (p.checkFundsAt ? [fundsCheckEffect({ ...p, checkFundsAt: p.checkFundsAt })] : []));
  await enqueueEffects(ctx.db, [...stuck.map(({ id }) => payoutTransferEffect(id)), ...again], now);

  const lookedAt = new Date(now.getTime() - (ctx.payments.name === 'local' ? 60_000 : 3_600_000));
  const inTransit = await ctx.db
    .select({ payout: payouts, accountId: payoutAccounts.stripeAccountId })
    .from(payouts)
    .leftJoin(payoutAccounts, eq(payoutAccounts.creatorId, payouts.creatorId))
    .where(and(eq(payouts.status, 'in_transit'), lt(payouts.updatedAt, lookedAt)))
    .orderBy(payouts.updatedAt)
    .limit(50);
  for (const { payout, accountId } of inTransit) {
    if (!payout.providerPayoutId || !accountId) continue;
    try {
      const state = await ctx.payments.payouts.payoutState(payout.providerPayoutId, accountId);
      const attempt = Math.max(payout.attempts, 1);
      const after = await applyPayoutNews(
        ctx,
        payout.id,
        state.status === 'failed'
          ? {
              attempt,
              status: 'failed',
              providerPayoutId: payout.providerPayoutId,
              failureCode: state.failureCode,
              failureMessage: state.failureMessage,
            }
          : { attempt, status: state.status, providerPayoutId: payout.providerPayoutId },
      );
      // Still on its way: look again after the interval, not on every pass.
      if (after?.status === 'in_transit') {
        await ctx.db.update(payouts).set({ updatedAt: now }).where(eq(payouts.id, payout.id));
      }
    } catch (error) {
      ctx.log.warn({ err: error, payoutId: payout.id }, 'could not ask the provider about a payout in transit');
    }
  }
}
