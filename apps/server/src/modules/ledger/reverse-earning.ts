import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { earnings, ledgerEntries } from '../../db/schema';
import type { Db } from '../../platform/db';
import { ACCOUNTS, postLedgerTransaction } from './post-transaction';

/** The message's earning while a reversal may still take it back: booked, not paid out, not refunded. */
async function unpaidEarning(db: Db, messageId: string, lock: boolean) {
  const query = db
    .select({ id: earnings.id })
    .from(earnings)
    .where(
      and(
        eq(earnings.messageId, messageId),
        isNull(earnings.payoutId),
        inArray(earnings.status, ['pending', 'earned']),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Whether the message's earning could still be reversed (reverseEarning). Read before asking the
 * provider for a refund; reverseEarning checks again under a lock, since a payout may take it meanwhile.
 */
export async function earningReversible(db: Db, opts: { messageId: string }): Promise<boolean> {
  return (await unpaidEarning(db, opts.messageId, false)) !== null;
}

/**
 * An upheld "not an answer" flag (decision 0016) takes a captured payment back, in the caller's
 * transaction (which holds the payment's row lock): the earning is locked and, if it is still unpaid,
 * marked refunded, and one balanced transaction reverses the capture: the creator's share from
 * creator_held (where the flag kept it; an earning booked before holds existed is in
 * creator_payable) and the platform fee from platform_revenue go back to the card. Returns false,
 * booking nothing, when there is no unpaid earning (none, paid out, or already reversed).
 */
export async function reverseEarning(
  tx: Db,
  opts: {
    paymentId: string;
    messageId: string;
    creatorId: string;
    amountCreator: number;
    amountPlatformFee: number;
    amountTotal: number;
    at: Date;
  },
): Promise<boolean> {
  const earning = await unpaidEarning(tx, opts.messageId, true);
  if (!earning) return false;
  const [held] = await tx
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.paymentId, opts.paymentId), eq(ledgerEntries.account, ACCOUNTS.creatorHeld(opts.creatorId))),
    );
  const from = (held?.sum ?? 0) >= opts.amountCreator ? ACCOUNTS.creatorHeld : ACCOUNTS.creatorPayable;
  await tx.update(earnings).set({ status: 'refunded', updatedAt: opts.at }).where(eq(earnings.id, earning.id));
  await postLedgerTransaction(tx, {
    kind: 'refund',
    paymentId: opts.paymentId,
    at: opts.at,
    legs: [
      { account: from(opts.creatorId), amount: -opts.amountCreator },
      { account: ACCOUNTS.platformRevenue, amount: -opts.amountPlatformFee },
      { account: ACCOUNTS.card, amount: opts.amountTotal },
    ],
  });
  return true;
}
