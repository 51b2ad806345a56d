import { and, eq } from 'drizzle-orm';
import { ledgerEntries } from '../../db/schema';
import type { Db } from '../../platform/db';
import { ACCOUNTS, postLedgerTransaction } from './post-transaction';

/**
 * Books the card processor's fee on a payment's charge (decision 0056), once per payment: the fee
 * leaves platform_revenue for processing_fees, so the platform's revenue is what the processor left
 * it. Nothing books it back on a refund: Stripe keeps the fee. The caller holds the payment's row
 * lock, so two bookings of one payment cannot both find none. Returns false when it was booked already.
 */
export async function bookProcessingFee(tx: Db, opts: { paymentId: string; fee: number; at: Date }): Promise<boolean> {
  if (!Number.isInteger(opts.fee) || opts.fee < 0) throw new Error(`invalid processing fee ${opts.fee}`);
  if (await processingFeeBooked(tx, opts.paymentId)) return false;
  await postLedgerTransaction(tx, {
    kind: 'processing_fee',
    paymentId: opts.paymentId,
    at: opts.at,
    legs: [
      { account: ACCOUNTS.platformRevenue, amount: -opts.fee },
      { account: ACCOUNTS.processingFees, amount: opts.fee },
    ],
  });
  return true;
}

/** Whether the payment's processing fee is in the ledger (a zero fee books no legs, so is never "booked"). */
export async function processingFeeBooked(db: Db, paymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.kind, 'processing_fee')))
    .limit(1);
  return row !== undefined;
}
