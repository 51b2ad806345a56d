import { formatCents } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { earnings, payouts, profiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { mailUser } from '../notifications';
import { enqueueEffects } from '../outbox';
import { payoutMailEffect } from './payout-effects';
import { payoutPushEffect } from './payout-push';
import { ACCOUNTS, postLedgerTransaction } from './post-transaction';

/**
 * Sends a pending payout through the provider and books its answer (ARCHITECTURE §8): paid moves
 * payout_clearing → external:bank and completes it; refused moves the money back to the creator's
 * balance, frees its earnings and marks it failed. Errors propagate and leave it pending for a retry;
 * the provider call is idempotent on the payout id, so a retry never pays twice. Safe to repeat.
 */
export async function finishPayout(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'log' | 'outbox'>,
  opts: { payoutId: string },
) {
  const { payoutId } = opts;
  const [row] = await ctx.db
    .select({ payout: payouts, accountId: profiles.stripeAccountId })
    .from(payouts)
    .innerJoin(profiles, eq(profiles.id, payouts.creatorId))
    .where(eq(payouts.id, payoutId));
  if (!row) throw new Error(`no payout ${payoutId}`);
  if (row.payout.status !== 'pending') return row.payout;
  const outcome = row.accountId
    ? await ctx.payments.payouts.transfer({ id: payoutId, amount: row.payout.amount }, row.accountId)
    : ({ state: 'refused', reason: 'No payout account is connected.' } as const);

  const now = ctx.clock.now();
  let booked: string[] = [];
  const mail = payoutMailEffect(payoutId);
  const result = await ctx.db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (payout?.status !== 'pending') return payout ?? row.payout;
    if (outcome.state === 'paid') {
      await postLedgerTransaction(tx, {
        kind: 'payout_paid',
        payoutId,
        at: now,
        legs: [
          { account: ACCOUNTS.payoutClearing, amount: -payout.amount },
          { account: ACCOUNTS.bank, amount: payout.amount },
        ],
      });
      const [done] = await tx
        .update(payouts)
        .set({ status: 'completed', providerTransferId: outcome.transferId, updatedAt: now })
        .where(eq(payouts.id, payoutId))
        .returning();
      // Issue 26: the creator's push beside the mail (payout-push.ts).
      booked = await enqueueEffects(tx, [mail, payoutPushEffect({ ...payout, status: 'completed' })], now);
      return done ?? payout;
    }
    await postLedgerTransaction(tx, {
      kind: 'payout_failed',
      payoutId,
      at: now,
      legs: [
        { account: ACCOUNTS.payoutClearing, amount: -payout.amount },
        { account: ACCOUNTS.creatorPayable(payout.creatorId), amount: payout.amount },
      ],
    });
    await tx
      .update(earnings)
      .set({ status: 'pending', payoutId: null, updatedAt: now })
      .where(eq(earnings.payoutId, payoutId));
    const [failed] = await tx
      .update(payouts)
      .set({ status: 'failed', failureReason: outcome.reason.slice(0, 300), updatedAt: now })
      .where(eq(payouts.id, payoutId))
      .returning();
    ctx.log.warn({ payoutId }, 'payout refused by the provider; the money is back in the balance');
    booked = await enqueueEffects(tx, [mail, payoutPushEffect({ ...payout, status: 'failed' })], now);
    return failed ?? payout;
  });
  // Only the call that booked the answer wrote the mail (in the booking's transaction), so a retry or
  // a race never mails twice, and a crash after the booking does not lose it.
  if (booked.length > 0) await ctx.outbox.carryOut(booked);
  return result;
}

/** The creator's mail about a payout that reached the bank or was refused (issue #13): an outbox effect. */
export async function mailPayoutStatus(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>,
  opts: { payoutId: string },
): Promise<void> {
  const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.id, opts.payoutId));
  if (!payout) return;
  const amount = formatCents(payout.amount);
  const link = `${ctx.config.publicUrl}/dashboard/earnings`;
  await mailUser(ctx, payout.creatorId, 'payout-status', () =>
    payout.status === 'completed'
      ? {
          subject: `Your ${amount} payout is on its way`,
          text: `Your payout of ${amount} was sent to your bank account. It usually arrives within a few business days.\n\nYour earnings:\n${link}`,
        }
      : {
          subject: `Your ${amount} payout could not be sent`,
          text: `Your payout of ${amount} was refused${payout.failureReason ? `: ${payout.failureReason}` : '.'}\n\nThe money is back in your available balance. Check your payout account and request the payout again:\n${link}`,
        },
  );
}
