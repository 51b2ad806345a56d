import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { ledgerEntries } from '../../db/schema';
import type { Db } from '../../platform/db';
import { placeholders } from '../../platform/prepared';

export type LedgerKind =
  | 'authorize'
  | 'capture'
  | 'release'
  | 'refund'
  | 'payout'
  | 'payout_paid'
  | 'payout_failed'
  /** Decision 0029: a payout's earnings transferred to the creator's connected account. */
  | 'transfer'
  /** A payout the bank returned after Stripe had reported it paid: back on the connected account. */
  | 'payout_returned'
  /** An earning's transfer taken back from the connected account (a refund after transfer). */
  | 'transfer_reversal'
  /** Issue #13: a captured earning moves to creator_held for its 48-hour flag window (decision 0016). */
  | 'hold'
  /**
   * Decision 0055: an earning taken back after its payout whose transfer the provider would not reverse:
   * creator_payable → transfer_reversals, a debt the next payouts net.
   */
  | 'reversal_netted'
  /** Decision 0050: a card refund the provider failed; the money is back on the platform, owed to the fan. */
  | 'refund_failed'
  /** ... and back to creator_payable once the window passed unflagged, or the flag was rejected. */
  | 'unhold'
  /** Decision 0056: what the card processor (Stripe) kept of a captured charge, out of platform_revenue. */
  | 'processing_fee'
  /**
   * Decision 0060: Stripe's dispute fee, withdrawn with a disputed payment: out of platform_revenue into
   * processing_fees, as the processing fee is; `dispute_fee_return` the reverse, where Stripe gives it back.
   */
  | 'dispute_fee'
  | 'dispute_fee_return'
  /** Decision 0054: Stripe withdrew a disputed payment from the platform balance (back to the card) ... */
  | 'dispute_withdrawal'
  /** ... and reinstated it when the dispute was won. */
  | 'dispute_reinstatement'
  /** The creator's share (held, payable, or clawed back) and the platform fee set against a withdrawal ... */
  | 'dispute_hold'
  /** ... and given back to them when the dispute was won. */
  | 'dispute_release'
  /**
   * Decision 0068: a chargeback on a payment whose refund had failed. The bank gave the fan the money the
   * platform owed them (refunds_owed), so the withdrawal settles that debt: refunds_owed → disputes.
   * Undone as far as the dispute is won (the money reinstated is owed to the fan again).
   */
  | 'dispute_covers_refund';

export const ACCOUNTS = {
  card: 'external:card',
  senderHold: 'sender_hold',
  platformRevenue: 'platform_revenue',
  /** Requested payouts on their way to the creator's bank (ARCHITECTURE §8). */
  payoutClearing: 'payout_clearing',
  bank: 'external:bank',
  /** Transfers taken back from creators (transfer.reversed) and not yet refunded to a card. */
  transferReversals: 'transfer_reversals',
  /** Refunds the provider failed (decision 0050): on the platform's balance, owed to fans until an admin gives them back. */
  refundsOwed: 'refunds_owed',
  /**
   * The card processor's fees (decision 0056): what Stripe kept of each captured charge, paid out of
   * platform_revenue. Never given back on a refund, so a refunded payment leaves the platform this much short.
   */
  processingFees: 'processing_fees',
  /**
   * Chargebacks (decision 0054): a withdrawal debits it, the creator's share and the platform fee set
   * against it credit it back, and a won dispute reverses both. Zero once each dispute is covered.
   */
  disputes: 'disputes',
  creatorPayable: (creatorId: string) => `creator_payable:${creatorId}`,
  /**
   * The creator's money on their Stripe connected account: transferred, not yet at their bank
   * (decision 0029). Negative when a transfer was reversed after its payout reached the bank.
   */
  creatorConnected: (creatorId: string) => `creator_connected:${creatorId}`,
  /** Captured earnings inside their "not an answer" window or under a flag: not payable (decision 0016). */
  creatorHeld: (creatorId: string) => `creator_held:${creatorId}`,
} as const;

type LedgerTransaction = {
  kind: LedgerKind;
  paymentId?: string;
  payoutId?: string;
  legs: Array<{ account: string; amount: number }>;
  /** When it happened by the app's clock (earnings days are counted from it); the database's now otherwise. */
  at?: Date;
};

/**
 * Writes one balanced transaction (ARCHITECTURE §2). The database refuses an unbalanced one at
 * commit; checking here too makes the mistake loud at the line that made it.
 */
export async function postLedgerTransaction(tx: Db, opts: LedgerTransaction): Promise<string> {
  const legs = balancedLegs(opts);
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
      ...(opts.at && { createdAt: opts.at }),
    })),
  );
  return transactionId;
}

/**
 * One balanced transaction of `legCount` legs as a part of another module's statement, rendered once
 * with placeholders under `prefix`, and booked only `when` the caller's condition holds: the hold a
 * paid message books in the statement that makes it live (issue 14, SSE delivery; decision 0017
 * round 6). `fill` checks the legs as postLedgerTransaction does; booked at the database's time.
 */
export function ledgerTransactionPart(prefix: string, legCount: number, when: SQL = sql`true`) {
  const { typed: cast, fill } = placeholders(prefix);
  const { transactionId, account, amount, kind, paymentId } = ledgerEntries;
  const legs = Array.from(
    { length: legCount },
    (_, i) =>
      sql`select ${cast('transactionId', transactionId)}, ${cast(`account${i}`, account)}, ${cast(`amount${i}`, amount)},
        ${cast('kind', kind)}, ${cast('paymentId', paymentId)} where ${when}`,
  );
  return {
    sql: sql`insert into ${ledgerEntries} (${sql.join(
      [transactionId, account, amount, kind, paymentId].map((c) => sql.identifier(c.name)),
      sql`, `,
    )}) ${sql.join(legs, sql` union all `)}`,
    fill(opts: Omit<LedgerTransaction, 'payoutId' | 'at'>) {
      const legs = balancedLegs(opts);
      if (legs.length !== legCount) throw new Error(`ledger part for ${legCount} legs given ${legs.length}`);
      const transactionId = randomUUID();
      const values: Record<string, unknown> = { transactionId, kind: opts.kind, paymentId: opts.paymentId ?? null };
      for (const [i, leg] of legs.entries()) {
        values[`account${i}`] = leg.account;
        values[`amount${i}`] = leg.amount;
      }
      return { transactionId, values: fill(values) };
    },
  };
}

/** The legs that move money (zero legs dropped), or an error when they do not sum to zero in whole cents. */
function balancedLegs(opts: Pick<LedgerTransaction, 'kind' | 'legs'>) {
  const sum = opts.legs.reduce((total, leg) => total + leg.amount, 0);
  if (sum !== 0 || opts.legs.some((leg) => !Number.isInteger(leg.amount))) {
    throw new Error(`unbalanced ledger transaction (${opts.kind}): ${JSON.stringify(opts.legs)}`);
  }
  return opts.legs.filter((leg) => leg.amount !== 0);
}

/**
 * Several balanced transactions in one INSERT (1,000 legs a statement): the expiry job books a batch of
 * releases at once instead of one round trip each (issue 14). Each is checked like
 * postLedgerTransaction's, and the database still checks every one at commit.
 */
export async function postLedgerTransactions(
  tx: Db,
  list: ReadonlyArray<{ kind: LedgerKind; paymentId?: string; legs: Array<{ account: string; amount: number }> }>,
): Promise<void> {
  const rows = list.flatMap((opts) => {
    const legs = balancedLegs(opts);
    const transactionId = randomUUID();
    return legs.map((leg) => ({
      transactionId,
      account: leg.account,
      amount: leg.amount,
      kind: opts.kind,
      paymentId: opts.paymentId ?? null,
      payoutId: null,
    }));
  });
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(ledgerEntries).values(rows.slice(i, i + 1000));
}
