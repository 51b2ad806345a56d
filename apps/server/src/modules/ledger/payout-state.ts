import { eq } from 'drizzle-orm';
import { payouts } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { enqueueEffects } from '../outbox';
import { payoutMailEffect } from './payout-effects';
import { payoutPushEffect } from './payout-push';
import { ACCOUNTS, postLedgerTransaction } from './post-transaction';

type PayoutRow = typeof payouts.$inferSelect;

/** What the provider says about a payout now: started (on its way), paid, failed, or refused before it started. */
export type PayoutNews = { attempt: number } & (
  | { status: 'in_transit' | 'paid'; providerPayoutId: string }
  | { status: 'failed'; providerPayoutId: string | null; failureCode: string | null; failureMessage: string | null }
);

/**
 * Books what the provider says about a payout (decision 0029), once, in one transaction under the
 * payout's lock, whatever order the news arrives in: the payout request's own answer, payout.paid,
 * payout.failed or the reconciler's re-read. A payout still pending is first booked as transferred
 * (its transfers exist, or Stripe would have no payout to tell about). Each move is one balanced
 * ledger transaction, and a paid or failed answer writes the creator's mail and push with it. News about an
 * earlier attempt of a retried payout is ignored. Returns the row as it stands.
 */
export async function applyPayoutNews(
  ctx: Pick<AppContext, 'db' | 'clock' | 'outbox'>,
  payoutId: string,
  news: PayoutNews,
): Promise<PayoutRow | null> {
  const now = ctx.clock.now();
  let keys: string[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!payout) return null;
    // A retried payout's earlier attempt (its late payout.failed, say) is history, not news.
    if (news.attempt !== Math.max(payout.attempts, 1)) return payout;
    let row = payout;
    if (row.status === 'pending') {
      if (!row.transferred) await bookTransfer(tx, row, now);
      row = await update(tx, row.id, {
        status: 'in_transit',
        transferred: true,
        providerPayoutId: news.providerPayoutId ?? row.providerPayoutId,
        checkFundsAt: null,
        fundsAvailableOn: null,
        failureReason: null,
        failureCode: null,
        updatedAt: now,
      });
    }
    // The creator's mail and push about this answer, written with its booking (each once per attempt).
    const tell = (answer: 'paid' | 'failed', payout: PayoutRow) => [
      payoutMailEffect(payout.id, answer, payout.attempts),
      payoutPushEffect(payout, answer, payout.attempts),
    ];
    if (news.status === 'paid' && row.status === 'in_transit') {
      await postLedgerTransaction(tx, {
        kind: 'payout_paid',
        payoutId: row.id,
        at: now,
        legs: [
          { account: ACCOUNTS.creatorConnected(row.creatorId), amount: -row.amount },
          { account: ACCOUNTS.bank, amount: row.amount },
        ],
      });
      row = await update(tx, row.id, { status: 'paid', updatedAt: now });
      keys = await enqueueEffects(tx, tell('paid', row), now);
    } else if (news.status === 'failed' && (row.status === 'in_transit' || row.status === 'paid')) {
      // A failed payout's money goes back to the connected account's Stripe balance: a paid one that
      // the bank returned moves back from the bank; one that never arrived never left.
      if (row.status === 'paid') {
        await postLedgerTransaction(tx, {
          kind: 'payout_returned',
          payoutId: row.id,
          at: now,
          legs: [
            { account: ACCOUNTS.bank, amount: -row.amount },
            { account: ACCOUNTS.creatorConnected(row.creatorId), amount: row.amount },
          ],
        });
      }
      row = await update(tx, row.id, {
        status: 'failed',
        failureReason: (news.failureMessage ?? 'The bank did not accept the payout.').slice(0, 300),
        failureCode: news.failureCode?.slice(0, 100) ?? null,
        updatedAt: now,
      });
      keys = await enqueueEffects(tx, tell('failed', row), now);
    }
    return row;
  });
  if (keys.length > 0) await ctx.outbox.carryOut(keys);
  return result;
}

/** payout_clearing → creator_connected: the payout's earnings are on the creator's connected account. */
export async function bookTransfer(tx: Db, payout: PayoutRow, at: Date): Promise<void> {
  await postLedgerTransaction(tx, {
    kind: 'transfer',
    payoutId: payout.id,
    at,
    legs: [
      { account: ACCOUNTS.payoutClearing, amount: -payout.amount },
      { account: ACCOUNTS.creatorConnected(payout.creatorId), amount: payout.amount },
    ],
  });
}

async function update(tx: Db, id: string, set: Partial<PayoutRow>): Promise<PayoutRow> {
  const [row] = await tx.update(payouts).set(set).where(eq(payouts.id, id)).returning();
  if (!row) throw new Error(`payout ${id} vanished`);
  return row;
}
