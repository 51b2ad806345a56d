import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
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

/** The message's earning once paid out through a transfer (decision 0029): paid_out, or reversed by a transfer.reversed. */
async function transferredEarning(db: Db, messageId: string, lock: boolean) {
  const query = db
    .select({
      id: earnings.id,
      amount: earnings.amount,
      creatorId: earnings.creatorId,
      status: earnings.status,
      transferId: earnings.providerTransferId,
    })
    .from(earnings)
    .where(
      and(
        eq(earnings.messageId, messageId),
        isNotNull(earnings.providerTransferId),
        inArray(earnings.status, ['paid_out', 'reversed']),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row?.transferId ? { ...row, transferId: row.transferId } : null;
}

/**
 * What a refund of the message's captured payment must take back first (decision 0029): nothing at the
 * provider for an unpaid earning; the transfer of one already transferred to the creator. Null when
 * there is no earning to reverse (none, or already refunded). Read before asking the provider;
 * reverseEarning checks again under a lock.
 */
export async function earningForRefund(
  db: Db,
  opts: { messageId: string },
): Promise<{ transfer: { id: string; amount: number; transferId: string } | null } | null> {
  if (await unpaidEarning(db, opts.messageId, false)) return { transfer: null };
  const paid = await transferredEarning(db, opts.messageId, false);
  return paid ? { transfer: { id: paid.id, amount: paid.amount, transferId: paid.transferId } } : null;
}

/** Whether the message's earning could still be reversed (reverseEarning), before its transfer or after. */
export async function earningReversible(db: Db, opts: { messageId: string }): Promise<boolean> {
  return (await earningForRefund(db, opts)) !== null;
}

/**
 * A refund of a captured payment (an upheld "not an answer" flag, decision 0016; an upheld report), in
 * the caller's transaction (which holds the payment's row lock and refunds the payment only once). An
 * unpaid earning is marked refunded and one balanced transaction reverses the capture: the creator's
 * share from creator_held (where the flag kept it; an earning booked before holds existed is in
 * creator_payable) and the platform fee from platform_revenue go back to the card. An earning already
 * transferred (decision 0029), whose transfer the caller has reversed at the provider, is marked
 * reversed: its share comes back from the creator's connected account (creator_connected →
 * transfer_reversals, unless transfer.reversed booked that first) and goes to the card with the fee.
 * Returns false, booking nothing, when there is no earning to reverse.
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
  if (!earning) return reverseTransferredEarning(tx, opts);
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

async function reverseTransferredEarning(
  tx: Db,
  opts: { paymentId: string; messageId: string; amountPlatformFee: number; amountTotal: number; at: Date },
): Promise<boolean> {
  const earning = await transferredEarning(tx, opts.messageId, true);
  if (!earning) return false;
  if (earning.status === 'paid_out') {
    await takeBackTransfer(tx, earning, opts.at, opts.paymentId);
  }
  await postLedgerTransaction(tx, {
    kind: 'refund',
    paymentId: opts.paymentId,
    at: opts.at,
    legs: [
      { account: ACCOUNTS.transferReversals, amount: -earning.amount },
      { account: ACCOUNTS.platformRevenue, amount: -opts.amountPlatformFee },
      { account: ACCOUNTS.card, amount: earning.amount + opts.amountPlatformFee },
    ],
  });
  return true;
}

/** The earning is marked reversed and its share moves creator_connected → transfer_reversals. */
async function takeBackTransfer(
  tx: Db,
  earning: { id: string; amount: number; creatorId: string },
  at: Date,
  paymentId?: string,
) {
  await tx.update(earnings).set({ status: 'reversed', updatedAt: at }).where(eq(earnings.id, earning.id));
  await postLedgerTransaction(tx, {
    kind: 'transfer_reversal',
    ...(paymentId && { paymentId }),
    at,
    legs: [
      { account: ACCOUNTS.creatorConnected(earning.creatorId), amount: -earning.amount },
      { account: ACCOUNTS.transferReversals, amount: earning.amount },
    ],
  });
}

/**
 * transfer.reversed (decision 0029), with the transfer as Stripe has it now: a transfer reversed in full
 * (by our refund, or in Stripe's dashboard) marks its earning reversed and books the share back from the
 * creator's connected account, once, under the earning's lock. A partial reversal is not booked (we
 * never make one) and is reported for an admin to look at.
 */
export async function bookTransferReversal(
  db: Db,
  opts: { transferId: string; amountReversed: number; at: Date },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [earning] = await tx
      .select({ id: earnings.id, amount: earnings.amount, creatorId: earnings.creatorId, status: earnings.status })
      .from(earnings)
      .where(eq(earnings.providerTransferId, opts.transferId))
      .for('update');
    if (!earning) return 'unknown transfer';
    if (earning.status !== 'paid_out') return `earning already ${earning.status}`;
    if (opts.amountReversed < earning.amount) return 'partial reversal: not booked';
    await takeBackTransfer(tx, earning, opts.at);
    return 'reversal booked';
  });
}
