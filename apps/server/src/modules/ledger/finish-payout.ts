import { and, eq, isNull } from 'drizzle-orm';
import { earnings, payments, payoutAccounts, payouts } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { enqueueEffects } from '../outbox';
import { alertIdempotencyConflict } from '../system-alerts';
import { payoutMailEffect } from './payout-effects';
import { payoutPushEffect } from './payout-push';
import { applyPayoutNews } from './payout-state';
import { ACCOUNTS, postLedgerTransaction } from './post-transaction';
import { transferAmounts } from './transfer-amounts';
import { waitForFunds } from './wait-for-funds';

type FinishContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'log' | 'outbox'>;

/**
 * Carries a pending payout through the provider (ARCHITECTURE §8, decision 0029): one transfer per
 * earning, funded by that earning's charge and keyed by the earning, then one payout on the
 * connected account keyed by the payout and its attempt; the answer is booked by applyPayoutNews.
 * While the transfers' funds are still pending on the account, the payout waits for them
 * (waitForFunds, decision 0052) instead of failing. A transfer refused before any went through fails
 * the payout and gives the money back to the balance; a payout refused after the transfers leaves the
 * money on the connected account, where a retry pays it out. Anything else (network, 5xx) throws and the outbox retries with the same keys,
 * so a retry never moves money twice; the rails look a transfer or payout up before making it, so
 * neither does a retry after the keys expired (decision 0049). A key the provider refuses as reused
 * with other parameters is a refusal too, and the admins are told. Safe to repeat.
 */
export async function finishPayout(ctx: FinishContext, opts: { payoutId: string }) {
  const { payoutId } = opts;
  const [row] = await ctx.db
    .select({ payout: payouts, accountId: payoutAccounts.stripeAccountId })
    .from(payouts)
    .leftJoin(payoutAccounts, eq(payoutAccounts.creatorId, payouts.creatorId))
    .where(eq(payouts.id, payoutId));
  if (!row) throw new Error(`no payout ${payoutId}`);
  const { payout, accountId } = row;
  if (payout.status !== 'pending') return payout;
  if (!accountId) return refuse(ctx, payoutId, 'No payout account is connected.');
  const rails = ctx.payments.payouts;

  if (!payout.transferred) {
    const owed = await ctx.db
      .select({
        id: earnings.id,
        amount: earnings.amount,
        transferId: earnings.providerTransferId,
        intentId: payments.paymentIntentId,
      })
      .from(earnings)
      .leftJoin(payments, eq(payments.messageId, earnings.messageId))
      .where(eq(earnings.payoutId, payoutId))
      .orderBy(earnings.createdAt, earnings.id);
    const amounts = transferAmounts(owed, payout.amount);
    for (const [i, earning] of owed.entries()) {
      const amount = amounts[i] ?? 0;
      // Wholly kept to settle a debt (decision 0055): nothing of it goes to the creator's account.
      if (earning.transferId || amount === 0) continue;
      const outcome = await rails.transferEarning(
        { id: earning.id, amount, providerPaymentId: earning.intentId, payoutId },
        accountId,
      );
      if (outcome.state === 'refused') {
        if (outcome.code === 'idempotency_conflict')
          await alertIdempotencyConflict(ctx, { payoutId, error: outcome.reason });
        // Refused before any money moved (the account cannot take transfers): the payout fails whole.
        if (owed.every((e) => !e.transferId)) return refuse(ctx, payoutId, outcome.reason);
        // Some earnings went, one is refused: nothing we can book truthfully; the outbox retries and
        // its failures reach the admins (alertPayoutFailure).
        throw new Error(
          `payout ${payoutId}: transfer of earning ${earning.id} refused after others went: ${outcome.reason}`,
        );
      }
      await ctx.db
        .update(earnings)
        .set({ providerTransferId: outcome.transferId })
        .where(and(eq(earnings.id, earning.id), isNull(earnings.providerTransferId)));
      earning.transferId = outcome.transferId;
    }
  }

  const attempt = Math.max(payout.attempts, 1);
  const look = payout.checkFundsAt?.toISOString() ?? null;
  const started = await rails.startPayout({ id: payoutId, amount: payout.amount, attempt, look }, accountId);
  // The charges' funds are still pending on the account: not a failure, the payout waits (decision 0052).
  if (started.state === 'waiting') return waitForFunds(ctx, payoutId, { attempt, availableOn: started.availableOn });
  if (started.state === 'refused') {
    if (started.code === 'idempotency_conflict')
      await alertIdempotencyConflict(ctx, { payoutId, error: started.reason });
    // Booked as transferred, then failed: the money waits on the connected account for a retry.
    return applyPayoutNews(ctx, payoutId, {
      attempt,
      status: 'failed',
      providerPayoutId: null,
      failureCode: started.code ?? 'payout_refused',
      failureMessage: started.reason,
    });
  }
  return applyPayoutNews(ctx, payoutId, { attempt, status: 'in_transit', providerPayoutId: started.providerPayoutId });
}

/** Refused before any transfer: the money goes back to the creator's balance and the earnings are free again. */
async function refuse(ctx: FinishContext, payoutId: string, reason: string) {
  const now = ctx.clock.now();
  let keys: string[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (payout?.status !== 'pending' || payout.transferred) return payout ?? null;
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
      .set({ status: 'failed', failureReason: reason.slice(0, 300), failureCode: null, updatedAt: now })
      .where(eq(payouts.id, payoutId))
      .returning();
    ctx.log.warn({ payoutId }, 'payout refused by the provider; the money is back in the balance');
    const tell = [
      payoutMailEffect(payoutId, 'failed', payout.attempts),
      payoutPushEffect(payout, 'failed', payout.attempts),
    ];
    keys = await enqueueEffects(tx, tell, now);
    return failed ?? payout;
  });
  if (keys.length > 0) await ctx.outbox.carryOut(keys);
  return result;
}
