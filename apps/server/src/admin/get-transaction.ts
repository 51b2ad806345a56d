import type { ZAdminTransactionDetails } from '@fanline/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { earnings, ledgerEntries, messages, payments } from '../db/schema';
import { ACCOUNTS } from '../modules/ledger';
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';
import { toTransaction, transactionRows } from './list-transactions';

const STEP = { authorize: 'authorized', capture: 'captured', release: 'released', refund: 'refunded' } as const;
const clip = (id: string | null) => (id === null ? null : id.slice(0, 20));

/**
 * View Details: the payment and its history from the ledger's sender_hold legs (authorized, then
 * captured or released / refunded), dated by the business times the use cases wrote. Provider ids
 * appear only here, cut to 20 characters (spec §9).
 */
export async function getTransaction(db: Db, paymentId: string): Promise<z.output<typeof ZAdminTransactionDetails>> {
  const [row] = await transactionRows(db).where(eq(payments.id, paymentId));
  if (!row) throw notFound('Transaction not found');
  const legs = await db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, at: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.account, ACCOUNTS.senderHold)))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  const [times] = row.messageId
    ? await db
        .select({ paidAt: messages.paidAt, capturedAt: earnings.createdAt, updatedAt: payments.updatedAt })
        .from(payments)
        .innerJoin(messages, eq(messages.id, payments.messageId))
        .leftJoin(earnings, eq(earnings.messageId, messages.id))
        .where(eq(payments.id, paymentId))
    : [];
  const steps = [{ step: 'started' as const, at: row.createdAt, amountCents: row.amountCents }];
  for (const leg of legs) {
    const kind = leg.kind as keyof typeof STEP;
    if (!(kind in STEP)) continue;
    const at =
      kind === 'authorize'
        ? (times?.paidAt ?? leg.at)
        : kind === 'capture'
          ? (times?.capturedAt ?? leg.at)
          : (times?.updatedAt ?? leg.at);
    steps.push({ step: STEP[kind] as never, at, amountCents: Math.abs(leg.amount) });
  }
  return {
    transaction: toTransaction(row),
    providerPaymentId: clip(row.paymentIntentId),
    providerCheckoutId: clip(row.checkoutSessionId),
    steps,
  };
}
