import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { payoutAccounts, payouts } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { enqueueEffects } from '../outbox';
import { payoutTransferEffect } from './payout-effects';
import { bookTransfer } from './payout-state';

/** When Stripe names no day (or one already past), the balance is looked at again an hour later. */
export const FUNDS_LOOK_AGAIN_MS = 3_600_000;

/**
 * A payout whose transfers went through but whose funds are still pending on the connected account
 * (decision 0052): not a failure. It stays pending, booked as transferred (the money is on the
 * creator's connected account: payout_clearing → creator_connected, once), with the day Stripe makes the
 * funds available and when to look again; reconcilePayouts carries it on then. Only the current attempt
 * of a still-pending payout is touched. Returns the row as it stands.
 */
export async function waitForFunds(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  payoutId: string,
  news: { attempt: number; availableOn: Date | null },
) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (payout?.status !== 'pending' || news.attempt !== Math.max(payout.attempts, 1)) return payout ?? null;
    if (!payout.transferred) await bookTransfer(tx, payout, now);
    const soon = new Date(now.getTime() + FUNDS_LOOK_AGAIN_MS);
    const known = news.availableOn && news.availableOn > now ? news.availableOn : null;
    const [row] = await tx
      .update(payouts)
      .set({
        transferred: true,
        fundsAvailableOn: known,
        // At Stripe's day, or an hour on when it names none: never again at once (the same key would not rerun).
        checkFundsAt: known ?? soon,
        updatedAt: now,
      })
      .where(eq(payouts.id, payoutId))
      .returning();
    return row ?? payout;
  });
}

/** The payout effect of one wait's look at the balance: one row per payout, attempt and look (decision 0052). */
export function fundsCheckEffect(payout: { id: string; attempts: number; checkFundsAt: Date }) {
  const key = `payout-transfer:${payout.id}:${Math.max(payout.attempts, 1)}:funds:${payout.checkFundsAt.toISOString()}`;
  return { ...payoutTransferEffect(payout.id), key };
}

/**
 * Stripe says funds became available on a connected account (Connect `balance.available`): its
 * waiting payouts look at the balance now rather than at their day. Only a trigger: finishPayout reads
 * the balance again, and a payout still short waits on. A repeated event finds nothing waiting, or
 * writes the same look's row again (the same key). Returns how many payouts were woken.
 */
export async function payoutFundsArrived(
  ctx: Pick<AppContext, 'db' | 'clock' | 'outbox'>,
  opts: { accountId: string },
): Promise<number> {
  const now = ctx.clock.now();
  const keys = await ctx.db.transaction(async (tx) => {
    const creators = tx
      .select({ id: payoutAccounts.creatorId })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.stripeAccountId, opts.accountId));
    const woken = await tx
      .update(payouts)
      .set({ checkFundsAt: now, updatedAt: now })
      .where(and(inArray(payouts.creatorId, creators), eq(payouts.status, 'pending'), isNotNull(payouts.checkFundsAt)))
      .returning({ id: payouts.id, attempts: payouts.attempts });
    return enqueueEffects(
      tx,
      woken.map((p) => fundsCheckEffect({ ...p, checkFundsAt: now })),
      now,
    );
  });
  if (keys.length > 0) await ctx.outbox.carryOut(keys);
  return keys.length;
}
