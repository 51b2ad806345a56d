import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { earnings, ledgerEntries, payments, payouts } from '../../db/schema';
import type { Db } from '../../platform/db';
import { ACCOUNTS, postLedgerTransaction } from './post-transaction';
import { transferAmounts } from './transfer-amounts';

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
 * The message's earning once paid out through a transfer (decision 0029): paid_out, or reversed by a
 * transfer.reversed. Also one kept back whole to settle a debt (decision 0055): in a payout whose transfers
 * are done, with no transfer of its own (`transferId` null).
 */
async function transferredEarning(db: Db, messageId: string, lock: boolean) {
  const query = db
    .select({
      id: earnings.id,
      amount: earnings.amount,
      creatorId: earnings.creatorId,
      status: earnings.status,
      transferId: earnings.providerTransferId,
      payoutId: earnings.payoutId,
    })
    .from(earnings)
    .leftJoin(payouts, eq(payouts.id, earnings.payoutId))
    .where(
      and(
        eq(earnings.messageId, messageId),
        or(isNotNull(earnings.providerTransferId), eq(payouts.transferred, true)),
        inArray(earnings.status, ['paid_out', 'reversed']),
      ),
    );
  const [row] = lock ? await query.for('update', { of: earnings }) : await query;
  return row ?? null;
}

/**
 * How much of a paid-out earning's share was kept back to settle an earlier debt instead of going to the
 * creator's Stripe account (decision 0055): recomputed from its payout as finishPayout computed it.
 */
async function keptBack(tx: Db, earning: { id: string; amount: number; payoutId: string | null }) {
  if (!earning.payoutId) return 0;
  const [payout] = await tx.select({ amount: payouts.amount }).from(payouts).where(eq(payouts.id, earning.payoutId));
  if (!payout) return 0;
  const owed = await tx
    .select({ id: earnings.id, amount: earnings.amount })
    .from(earnings)
    .where(eq(earnings.payoutId, earning.payoutId))
    .orderBy(earnings.createdAt, earnings.id);
  const index = owed.findIndex((e) => e.id === earning.id);
  return index < 0 ? 0 : earning.amount - (transferAmounts(owed, payout.amount)[index] ?? earning.amount);
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
  if (!paid) return null;
  // Kept back whole to settle a debt (decision 0055): nothing at the provider to reverse.
  return { transfer: paid.transferId ? { id: paid.id, amount: paid.amount, transferId: paid.transferId } : null };
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
    /** The provider refused to reverse the earning's transfer: its share is netted instead (decision 0055). */
    reversalRefused?: boolean;
  },
): Promise<TakeBack | false> {
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
  return 'cancelled';
}

/**
 * How a refund took the creator's earning back (decision 0055): cancelled in the ledger before its payout;
 * its transfer reversed after; or, the reversal refused, netted against the creator's next payouts.
 */
export type TakeBack = 'cancelled' | 'reversed' | 'netted';

async function reverseTransferredEarning(
  tx: Db,
  opts: {
    paymentId: string;
    messageId: string;
    amountPlatformFee: number;
    amountTotal: number;
    at: Date;
    reversalRefused?: boolean;
  },
): Promise<TakeBack | false> {
  const earning = await transferredEarning(tx, opts.messageId, true);
  if (!earning) return false;
  if (earning.status === 'paid_out' && opts.reversalRefused) return netEarning(tx, earning, opts);
  let taken: TakeBack = 'reversed';
  if (earning.status === 'paid_out') {
    // What a partial reversal in the dashboard took back is booked already; the rest of what was
    // transferred comes back now. What was kept back to settle an earlier debt never reached the
    // creator's account: it becomes their debt again (decision 0055).
    const booked = await reversalBooked(tx, opts.paymentId);
    const kept = await keptBack(tx, earning);
    const transferred = earning.amount - kept;
    await takeBackTransfer(tx, earning, { amount: transferred - booked, whole: true }, opts.at, opts.paymentId);
    await postLedgerTransaction(tx, {
      kind: 'reversal_netted',
      paymentId: opts.paymentId,
      at: opts.at,
      legs: [
        { account: ACCOUNTS.creatorPayable(earning.creatorId), amount: -kept },
        { account: ACCOUNTS.transferReversals, amount: kept },
      ],
    });
    if (kept > 0) taken = 'netted';
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
  return taken;
}

/**
 * The provider refused to reverse the transfer (decision 0055): what of the share is still with the creator
 * becomes a debt (creator_payable → transfer_reversals, kind reversal_netted), so creator_payable goes
 * negative by it and the next payout request pays out only what is left after it (requestPayout). The fan
 * is then refunded from transfer_reversals and platform_revenue exactly as after a reversal, so every
 * earnings figure reads a netted earning as it reads a reversed one. The earning is marked reversed: it is
 * taken back, and no second refund can take it again.
 */
async function netEarning(
  tx: Db,
  earning: { id: string; amount: number; creatorId: string },
  opts: { paymentId: string; amountPlatformFee: number; at: Date },
): Promise<TakeBack> {
  const booked = await reversalBooked(tx, opts.paymentId);
  await tx.update(earnings).set({ status: 'reversed', updatedAt: opts.at }).where(eq(earnings.id, earning.id));
  await postLedgerTransaction(tx, {
    kind: 'reversal_netted',
    paymentId: opts.paymentId,
    at: opts.at,
    legs: [
      { account: ACCOUNTS.creatorPayable(earning.creatorId), amount: -(earning.amount - booked) },
      { account: ACCOUNTS.transferReversals, amount: earning.amount - booked },
    ],
  });
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
  return 'netted';
}

/**
 * How a refunded payment's earning was taken back, read from its books (decision 0055): null while it is
 * not refunded.
 */
export async function takeBackOf(db: Db, opts: { paymentId: string; messageId: string }): Promise<TakeBack | null> {
  const [earning] = await db
    .select({ status: earnings.status })
    .from(earnings)
    .where(eq(earnings.messageId, opts.messageId));
  if (earning?.status === 'refunded') return 'cancelled';
  if (earning?.status !== 'reversed') return null;
  const [netted] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.paymentId, opts.paymentId), eq(ledgerEntries.kind, 'reversal_netted')))
    .limit(1);
  return netted ? 'netted' : 'reversed';
}

/**
 * How much of the payment's earning the ledger has taken back from the creator's connected account
 * (transfer_reversal legs into transfer_reversals, decision 0049): the sum of the partial reversals
 * booked so far.
 */
export async function reversalBooked(tx: Db, paymentId: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.paymentId, paymentId),
        eq(ledgerEntries.kind, 'transfer_reversal'),
        eq(ledgerEntries.account, ACCOUNTS.transferReversals),
      ),
    );
  return row?.sum ?? 0;
}

/**
 * `amount` of the earning's share moves creator_connected → transfer_reversals; once the whole of it
 * is back (`whole`), the earning is marked reversed.
 */
export async function takeBackTransfer(
  tx: Db,
  earning: { id: string; creatorId: string },
  part: { amount: number; whole: boolean },
  at: Date,
  paymentId?: string,
) {
  if (part.whole)
    await tx.update(earnings).set({ status: 'reversed', updatedAt: at }).where(eq(earnings.id, earning.id));
  if (part.amount <= 0) return;
  await postLedgerTransaction(tx, {
    kind: 'transfer_reversal',
    ...(paymentId && { paymentId }),
    at,
    legs: [
      { account: ACCOUNTS.creatorConnected(earning.creatorId), amount: -part.amount },
      { account: ACCOUNTS.transferReversals, amount: part.amount },
    ],
  });
}

/**
 * transfer.reversed (decision 0029), with the transfer as Stripe has it now: what of it was reversed
 * (by our refund, or in Stripe's dashboard, in full or in part) and is not yet booked comes back from
 * the creator's connected account, under the earning's lock, against the earning's payment, so a
 * later refund books only the rest (decision 0049). Reversed in full, the earning is marked reversed.
 * Delivered twice, or out of order with an older state, it books nothing more.
 */
export async function bookTransferReversal(
  db: Db,
  opts: { transferId: string; amountReversed: number; at: Date },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [earning] = await tx
      .select({
        id: earnings.id,
        amount: earnings.amount,
        creatorId: earnings.creatorId,
        status: earnings.status,
        messageId: earnings.messageId,
      })
      .from(earnings)
      .where(eq(earnings.providerTransferId, opts.transferId))
      .for('update');
    if (!earning) return 'unknown transfer';
    if (earning.status !== 'paid_out') return `earning already ${earning.status}`;
    const [payment] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.messageId, earning.messageId));
    const reversed = Math.min(opts.amountReversed, earning.amount);
    const whole = reversed === earning.amount;
    // Without a payment to book against, a part could not be told from a later one: only the whole is booked.
    if (!payment) {
      if (!whole) return 'partial reversal without a payment: not booked';
      await takeBackTransfer(tx, earning, { amount: earning.amount, whole }, opts.at);
      return 'reversal booked';
    }
    const booked = await reversalBooked(tx, payment.id);
    if (reversed <= booked) return 'reversal already booked';
    await takeBackTransfer(tx, earning, { amount: reversed - booked, whole }, opts.at, payment.id);
    return whole ? 'reversal booked' : 'partial reversal booked';
  });
}
