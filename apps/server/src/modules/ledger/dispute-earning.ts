import { and, eq, sql } from 'drizzle-orm';
import { earnings, ledgerEntries } from '../../db/schema';
import type { Db } from '../../platform/db';
import { ACCOUNTS, type LedgerKind, postLedgerTransaction } from './post-transaction';
import { reversalBooked, takeBackTransfer } from './reverse-earning';

/** A payment's side of a chargeback (decision 0054): its id, the message and the split fixed when the fan paid. */
export interface DisputedPayment {
  paymentId: string;
  messageId: string;
  creatorId: string;
  amountCreator: number;
  amountPlatformFee: number;
}

/** Where the creator's share was taken from, so a won dispute puts it back there. */
export type DisputeTaking =
  | { action: 'held'; from: 'held' | 'payable'; statusBefore: string }
  | { action: 'clawed_back'; from: 'transfer'; statusBefore: string }
  | { action: 'none' };

/** What the ledger has booked of a kind against the payment, on one account (the card's side by default). */
async function cardBooked(
  tx: Db,
  paymentId: string,
  kind: LedgerKind,
  account: string = ACCOUNTS.card,
): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.kind, kind), eq(ledgerEntries.account, account)),
    );
  return row?.sum ?? 0;
}

/**
 * What Stripe says it withdrew from (and reinstated to) the platform balance for the payment's
 * disputes, booked as far as the ledger has not booked it yet: a withdrawal sends the money back to the
 * card out of `disputes`; a reinstatement brings it back. Summed from the ledger (no column), so the
 * same news twice, or an older read late, books nothing more. Stripe's dispute fee (decision 0060) is
 * booked the same way, as the processing fee is (decision 0056): out of platform_revenue into
 * processing_fees when Stripe withdraws it, back only if Stripe says it gave it back (in the US it keeps
 * it, also when the dispute is won).
 */
export async function bookDisputeFunds(
  tx: Db,
  opts: {
    paymentId: string;
    withdrawn: number;
    reinstated: number;
    feeCharged: number;
    feeReturned: number;
    at: Date;
  },
): Promise<{ withdrawn: number; reinstated: number; fee: number }> {
  const withdrawn = opts.withdrawn - (await cardBooked(tx, opts.paymentId, 'dispute_withdrawal'));
  const reinstated = opts.reinstated + (await cardBooked(tx, opts.paymentId, 'dispute_reinstatement'));
  const fees = ACCOUNTS.processingFees;
  const feeCharged = opts.feeCharged - (await cardBooked(tx, opts.paymentId, 'dispute_fee', fees));
  const feeReturned = opts.feeReturned + (await cardBooked(tx, opts.paymentId, 'dispute_fee_return', fees));
  const book = (kind: LedgerKind, toCard: number) =>
    postLedgerTransaction(tx, {
      kind,
      paymentId: opts.paymentId,
      at: opts.at,
      legs: [
        { account: ACCOUNTS.card, amount: toCard },
        { account: ACCOUNTS.disputes, amount: -toCard },
      ],
    });
  if (withdrawn > 0) await book('dispute_withdrawal', withdrawn);
  if (reinstated > 0) await book('dispute_reinstatement', -reinstated);
  const bookFee = (kind: LedgerKind, fee: number) =>
    postLedgerTransaction(tx, {
      kind,
      paymentId: opts.paymentId,
      at: opts.at,
      legs: [
        { account: ACCOUNTS.platformRevenue, amount: -fee },
        { account: fees, amount: fee },
      ],
    });
  if (feeCharged > 0) await bookFee('dispute_fee', feeCharged);
  if (feeReturned > 0) await bookFee('dispute_fee_return', -feeReturned);
  await coverOwedRefund(tx, opts.paymentId, opts.at);
  return {
    withdrawn: Math.max(withdrawn, 0),
    reinstated: Math.max(reinstated, 0),
    fee: Math.max(feeCharged, 0) - Math.max(feeReturned, 0),
  };
}

/**
 * A refund that failed left the fan's money on the platform, owed to them (refunds_owed, decision 0050);
 * a chargeback on the same payment then gives the fan that money through their bank (decision 0068).
 * So the withdrawal, as far as it goes, settles the debt: refunds_owed → disputes, and an admin who reads
 * what is owed does not pay the fan a second time. Booked to the target the ledger implies (the failed
 * refund, capped by what the bank holds now: withdrawn less reinstated), as far as not booked yet: a won
 * dispute makes the refund owed again, and the same news twice books nothing more.
 */
async function coverOwedRefund(tx: Db, paymentId: string, at: Date): Promise<void> {
  const owedByFailure = await cardBooked(tx, paymentId, 'refund_failed', ACCOUNTS.refundsOwed);
  if (owedByFailure <= 0) return;
  const withBank =
    (await cardBooked(tx, paymentId, 'dispute_withdrawal')) +
    (await cardBooked(tx, paymentId, 'dispute_reinstatement'));
  const target = Math.max(0, Math.min(owedByFailure, withBank));
  const covered = -(await cardBooked(tx, paymentId, 'dispute_covers_refund', ACCOUNTS.refundsOwed));
  const delta = target - covered;
  if (delta === 0) return;
  await postLedgerTransaction(tx, {
    kind: 'dispute_covers_refund',
    paymentId,
    at,
    legs: [
      { account: ACCOUNTS.refundsOwed, amount: -delta },
      { account: ACCOUNTS.disputes, amount: delta },
    ],
  });
}

/**
 * A chargeback takes the message's earning (decision 0054), in the caller's transaction, under the
 * earning's lock. Not paid out: it is marked `disputed` (so no payout and no refund takes it) and its
 * share leaves creator_held (or creator_payable, once released) for `disputes`, with the platform fee.
 * Paid out: the caller has reversed its transfer at the provider first; what of that the ledger has not
 * booked comes back from the creator's connected account (as a refund after payout does), then goes to
 * `disputes` with the fee. No earning (never answered, or refunded already): nothing is taken.
 */
export async function takeDisputedEarning(tx: Db, payment: DisputedPayment, at: Date): Promise<DisputeTaking> {
  const [earning] = await tx
    .select({ id: earnings.id, amount: earnings.amount, creatorId: earnings.creatorId, status: earnings.status })
    .from(earnings)
    .where(eq(earnings.messageId, payment.messageId))
    .for('update');
  if (!earning || !['pending', 'earned', 'paid_out', 'reversed'].includes(earning.status)) return { action: 'none' };
  let from: 'held' | 'payable' | 'transfer';
  if (earning.status === 'pending' || earning.status === 'earned') {
    const [held] = await tx
      .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.paymentId, payment.paymentId),
          eq(ledgerEntries.account, ACCOUNTS.creatorHeld(earning.creatorId)),
        ),
      );
    from = (held?.sum ?? 0) >= earning.amount ? 'held' : 'payable';
  } else {
    from = 'transfer';
    const booked = await reversalBooked(tx, payment.paymentId);
    await takeBackTransfer(tx, earning, { amount: earning.amount - booked, whole: true }, at, payment.paymentId);
  }
  await tx.update(earnings).set({ status: 'disputed', updatedAt: at }).where(eq(earnings.id, earning.id));
  const account =
    from === 'held'
      ? ACCOUNTS.creatorHeld(earning.creatorId)
      : from === 'payable'
        ? ACCOUNTS.creatorPayable(earning.creatorId)
        : ACCOUNTS.transferReversals;
  await postLedgerTransaction(tx, {
    kind: 'dispute_hold',
    paymentId: payment.paymentId,
    at,
    legs: [
      { account, amount: -earning.amount },
      { account: ACCOUNTS.platformRevenue, amount: -payment.amountPlatformFee },
      { account: ACCOUNTS.disputes, amount: earning.amount + payment.amountPlatformFee },
    ],
  });
  return from === 'transfer'
    ? { action: 'clawed_back', from, statusBefore: earning.status }
    : { action: 'held', from, statusBefore: earning.status };
}

/**
 * A won dispute gives back what takeDisputedEarning took: the platform fee to platform_revenue and the
 * creator's share where it was (creator_held or creator_payable, the earning's status as it was). A
 * share clawed back from a paid-out earning becomes payable again: the earning is `earned`, out of its
 * old payout and without its reversed transfer, so the next payout transfers it anew.
 */
export async function giveBackDisputedEarning(
  tx: Db,
  payment: DisputedPayment,
  taking: { from: 'held' | 'payable' | 'transfer'; statusBefore: string | null },
  at: Date,
): Promise<boolean> {
  const [earning] = await tx
    .select({ id: earnings.id, amount: earnings.amount, creatorId: earnings.creatorId, status: earnings.status })
    .from(earnings)
    .where(eq(earnings.messageId, payment.messageId))
    .for('update');
  if (earning?.status !== 'disputed') return false;
  const account =
    taking.from === 'held' ? ACCOUNTS.creatorHeld(earning.creatorId) : ACCOUNTS.creatorPayable(earning.creatorId);
  await tx
    .update(earnings)
    .set(
      taking.from === 'transfer'
        ? { status: 'earned', payoutId: null, providerTransferId: null, updatedAt: at }
        : { status: taking.statusBefore === 'pending' ? 'pending' : 'earned', updatedAt: at },
    )
    .where(eq(earnings.id, earning.id));
  await postLedgerTransaction(tx, {
    kind: 'dispute_release',
    paymentId: payment.paymentId,
    at,
    legs: [
      { account: ACCOUNTS.disputes, amount: -(earning.amount + payment.amountPlatformFee) },
      { account: ACCOUNTS.platformRevenue, amount: payment.amountPlatformFee },
      { account, amount: earning.amount },
    ],
  });
  return true;
}
