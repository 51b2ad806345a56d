import { randomUUID } from 'node:crypto';
import { ledgerEntries } from '../../db/schema';
import type { Db } from '../../platform/db';

export type LedgerKind = 'authorize' | 'capture' | 'release' | 'refund' | 'payout';

export const ACCOUNTS = {
  card: 'external:card',
  senderHold: 'sender_hold',
  platformRevenue: 'platform_revenue',
  creatorPayable: (creatorId: string) => `creator_payable:${creatorId}`,
} as const;

/**
 * Writes one balanced transaction (ARCHITECTURE §2). The database refuses an unbalanced one at
 * commit; checking here too makes the mistake loud at the line that made it.
 */
export async function postLedgerTransaction(
  tx: Db,
  opts: { kind: LedgerKind; paymentId?: string; payoutId?: string; legs: Array<{ account: string; amount: number }> },
): Promise<string> {
  const sum = opts.legs.reduce((total, leg) => total + leg.amount, 0);
  if (sum !== 0 || opts.legs.some((leg) => !Number.isInteger(leg.amount))) {
    throw new Error(`unbalanced ledger transaction (${opts.kind}): ${JSON.stringify(opts.legs)}`);
  }
  const legs = opts.legs.filter((leg) => leg.amount !== 0);
  const transactionId = randomUUID();
  if (legs.length === 0) return transactionId;
  await tx.insert(ledgerEntries).values(
    legs.map((leg) => ({
      transactionId,
      account: leg.account,
      amount: leg.amount,
      kind: opts.kind,
      paymentId: opts.paymentId ?? null,
      payoutId: opts.payoutId ?? null,
    })),
  );
  return transactionId;
}
