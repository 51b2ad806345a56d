import { formatCents, LIMITS, PAYOUT_MESSAGES } from '@fanline/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { earnings, payoutAccounts, payouts, profiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { enqueueEffects } from '../outbox';
import { isHeldNow, releaseDueEarnings } from './earning-holds';
import { payableBalance } from './payable-balance';
import { payoutTransferEffect } from './payout-effects';
import { ACCOUNTS, postLedgerTransaction } from './post-transaction';

/**
 * A creator asks to be paid everything payable (spec §4 Payout, ARCHITECTURE §8): earnings whose
 * 48-hour "not an answer" window passed unflagged are released to creator_payable first (decision 0016);
 * held ones stay out. The payout row, its
 * earnings marked paid_out and the ledger move creator_payable → payout_clearing commit together.
 * Requests of one creator serialize on the creator's profile row, so two at once can never pay the
 * same earnings twice: the second sees them paid out and a balance under the minimum. The transfer
 * itself is an outbox effect written with the payout and carried out after the commit (no provider
 * call under row locks), keyed by the payout's id.
 */
export async function requestPayout(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'log' | 'outbox'>,
  opts: { creatorId: string },
) {
  const { creatorId } = opts;
  const now = ctx.clock.now();
  const payout = await ctx.db.transaction(async (tx) => {
    const [creator] = await tx
      .select({ isCreator: profiles.isCreator, ready: payoutAccounts.onboardingCompleted })
      .from(profiles)
      // Payments' payout account (decision 0071): no row, no account. The lock stays on the profile.
      .leftJoin(payoutAccounts, eq(payoutAccounts.creatorId, profiles.id))
      .where(eq(profiles.id, creatorId))
      .for('no key update', { of: profiles });
    if (!creator?.isCreator) throw new AppError('FORBIDDEN', 'Only creators can request payouts.');
    if (!creator.ready) {
      throw new AppError('CONFLICT', PAYOUT_MESSAGES.accountRequiredBody, {
        payoutAccount: PAYOUT_MESSAGES.accountRequired,
      });
    }
    await releaseDueEarnings(ctx, { creatorId, tx });
    // Each earning is the creator's share of one capture, booked in the same transaction as its
    // ledger credit; the unpaid ones are exactly what creator_payable holds for them.
    const unpaid = await tx
      .select({ id: earnings.id, amount: earnings.amount })
      .from(earnings)
      .where(
        and(
          eq(earnings.creatorId, creatorId),
          isNull(earnings.payoutId),
          inArray(earnings.status, ['pending', 'earned']),
          sql`not ${isHeldNow()}`,
        ),
      )
      .for('update');
    const earned = unpaid.reduce((sum, e) => sum + e.amount, 0);
    const balance = await payableBalance(tx, creatorId);
    // A balance under the unpaid earnings owes the difference: an earning taken back after its payout
    // whose transfer Stripe would not reverse (decision 0055). This payout nets it: the earnings go, less it.
    const amount = Math.max(Math.min(earned, balance), 0);
    if (amount < LIMITS.minimumPayoutCents) {
      const message = `You need at least ${formatCents(LIMITS.minimumPayoutCents)} available to request a payout; you have ${formatCents(amount)}.`;
      throw new AppError('CONFLICT', message, { amount: PAYOUT_MESSAGES.minimumNotMet });
    }
    const [row] = await tx
      .insert(payouts)
      .values({ creatorId, amount, status: 'pending', attempts: 1, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('payout insert returned nothing');
    await tx
      .update(earnings)
      .set({ status: 'paid_out', payoutId: row.id, updatedAt: now })
      .where(
        inArray(
          earnings.id,
          unpaid.map((e) => e.id),
        ),
      );
    await postLedgerTransaction(tx, {
      kind: 'payout',
      payoutId: row.id,
      at: now,
      legs: [
        { account: ACCOUNTS.creatorPayable(creatorId), amount: -amount },
        { account: ACCOUNTS.payoutClearing, amount },
      ],
    });
    await enqueueEffects(tx, [transfer(row.id)], now);
    return row;
  });
  // The transfer, written with the payout, now; if the provider fails it stays pending and the
  // outbox asks again with the same key (decision 0022).
  await ctx.outbox.carryOut([transfer(payout.id).key]);
  const [answered] = await ctx.db.select().from(payouts).where(eq(payouts.id, payout.id));
  return answered ?? payout;
}

const transfer = payoutTransferEffect;
