import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns';
import { messages } from './messages';
import { profiles } from './profiles';

/** One row per paid message (ARCHITECTURE §3a). The split is fixed when the sender pays. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    paymentIntentId: text('payment_intent_id'),
    checkoutSessionId: text('checkout_session_id'),
    amountTotal: integer('amount_total').notNull(),
    amountCreator: integer('amount_creator').notNull(),
    amountPlatformFee: integer('amount_platform_fee').notNull(),
    commissionPercent: integer('commission_percent').notNull(),
    status: text('status', { enum: ['pending', 'authorized', 'succeeded', 'canceled', 'refunded', 'failed'] })
      .notNull()
      .default('pending'),
    captureBefore: tstz('capture_before'),
    /**
     * The refund asked of the provider and where it stands (issue 37, decision 0050): Stripe may keep
     * a refund pending for days and may fail it. Null: no refund asked (or one asked before 0032).
     */
    refundId: text('refund_id'),
    refundStatus: text('refund_status', { enum: ['pending', 'succeeded', 'failed'] }),
    refundFailureReason: text('refund_failure_reason'),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_provider_check', sql`${t.provider} in ('local', 'stripe')`),
    check(
      'payments_status_check',
      sql`${t.status} in ('pending', 'authorized', 'succeeded', 'canceled', 'refunded', 'failed')`,
    ),
    check('payments_refund_status_check', sql`${t.refundStatus} in ('pending', 'succeeded', 'failed')`),
    check('payments_split_balanced', sql`${t.amountCreator} + ${t.amountPlatformFee} = ${t.amountTotal}`),
    check('payments_amounts_nonneg', sql`${t.amountCreator} >= 0 and ${t.amountPlatformFee} >= 0`),
    check('payments_commission_range', sql`${t.commissionPercent} between 0 and 100`),
    uniqueIndex('payments_message_key').on(t.messageId),
    uniqueIndex('payments_intent_key').on(t.provider, t.paymentIntentId),
    index('payments_sender_created_idx').on(t.senderId, t.createdAt.desc()),
    index('payments_recipient_created_idx').on(t.recipientId, t.createdAt.desc()),
    index('payments_status_created_idx').on(t.status, t.createdAt.desc()),
    index('payments_created_idx').on(t.createdAt.desc()),
  ],
);

/**
 * Written at capture, never before (ARCHITECTURE §3a): only captured money is payable, and only once its
 * "not an answer" window has passed unflagged (decision 0016); 'refunded' when an upheld flag reversed it.
 */
export const earnings = pgTable(
  'earnings',
  {
    id: id(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    commission: integer('commission').notNull(),
    totalAmount: integer('total_amount').notNull(),
    status: text('status').notNull().default('pending'),
    /** The Stripe transfer that carried this earning to the creator's connected account (decision 0029). */
    providerTransferId: text('provider_transfer_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // 'reversed': paid out, then its transfer was taken back (a refund after transfer, decision 0029).
    // 'disputed': taken by a fan's chargeback, held or clawed back until the bank rules (decision 0054).
    check(
      'earnings_status_check',
      sql`${t.status} in ('pending', 'earned', 'paid_out', 'refunded', 'reversed', 'disputed')`,
    ),
    check('earnings_split_balanced', sql`${t.amount} + ${t.commission} = ${t.totalAmount}`),
    uniqueIndex('earnings_message_key').on(t.messageId),
    uniqueIndex('earnings_transfer_key').on(t.providerTransferId),
    index('earnings_creator_created_idx').on(t.creatorId, t.createdAt.desc()),
    index('earnings_payout_idx').on(t.payoutId),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /**
     * pending (requested, transfers under way) → in_transit (the payout is on its way to the bank) →
     * paid (at the bank) | failed (refused, or the bank returned it). Decision 0029.
     */
    status: text('status', { enum: ['pending', 'in_transit', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    /** Before decision 0029, the single transfer of the whole payout; now unused for new payouts. */
    providerTransferId: text('provider_transfer_id'),
    /** The Stripe payout on the creator's connected account (its current attempt). */
    providerPayoutId: text('provider_payout_id'),
    /** How many Stripe payouts were started for it: a retry after a failure is the next attempt. */
    attempts: integer('attempts').notNull().default(0),
    /** Why the payout failed (shown to the creator); null unless failed. */
    failureReason: text('failure_reason'),
    /** Stripe's failure_code (e.g. account_closed), which decides what the creator is told to do. */
    failureCode: text('failure_code'),
    /**
     * The earnings' transfers are booked: the money is on the creator's connected account
     * (creator_connected:<id>) until the bank has it. A failed payout that is transferred can be retried.
     */
    transferred: boolean('transferred').notNull().default(false),
    /**
     * A pending, transferred payout waiting for its funds on the connected account (decision 0052): the
     * next look at Stripe's balance is due then. Null when not waiting.
     */
    checkFundsAt: tstz('check_funds_at'),
    /** When Stripe says the waiting funds become available (its available_on), shown to the creator; null if unknown. */
    fundsAvailableOn: tstz('funds_available_on'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payouts_amount_positive', sql`${t.amount} > 0`),
    check('payouts_status_check', sql`${t.status} in ('pending', 'in_transit', 'paid', 'failed')`),
    uniqueIndex('payouts_provider_payout_key').on(t.providerPayoutId),
    index('payouts_creator_created_idx').on(t.creatorId, t.createdAt.desc()),
    // The payout reconciler looks for transfers whose outcome was never recorded.
    index('payouts_pending_idx').on(t.createdAt).where(sql`${t.status} in ('pending', 'in_transit')`),
  ],
);

/**
 * Double-entry ledger (ARCHITECTURE §2): each transaction_id's amounts sum to zero. Accounts are
 * strings such as 'sender_hold', 'creator_payable:<id>', 'platform_revenue', 'payout_clearing'.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    transactionId: uuid('transaction_id').notNull(),
    account: text('account').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_transaction_idx').on(t.transactionId),
    index('ledger_account_created_idx').on(t.account, t.createdAt),
    index('ledger_payment_idx').on(t.paymentId),
  ],
);

/**
 * A chargeback on a payment (issue 37 gap 2, decision 0054), as Stripe last told us (read back on every
 * charge.dispute.* event). `earningAction` says what it did to the creator's earning, once: held (not
 * paid out: kept out of payouts), clawed back (paid out: the transfer reversed), or none (no earning).
 * `earningFrom` is where the share was taken from, so a won dispute puts it back there; `settledAt`
 * marks the ruling applied (won: the earning back; lost: the fan keeps the money).
 */
export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    providerDisputeId: text('provider_dispute_id').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    reason: text('reason').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** Stripe's evidence_details.due_by: the bank rules without us after it. */
    dueBy: tstz('due_by'),
    submissionCount: integer('submission_count').notNull().default(0),
    /** The text an admin sent as evidence (uncategorized_text), when and by whom. */
    evidenceText: text('evidence_text'),
    evidenceSubmittedAt: tstz('evidence_submitted_at'),
    evidenceSubmittedBy: uuid('evidence_submitted_by').references(() => profiles.id, { onDelete: 'set null' }),
    earningAction: text('earning_action', { enum: ['held', 'clawed_back', 'none'] }),
    earningFrom: text('earning_from', { enum: ['held', 'payable', 'transfer'] }),
    /** The earning's status before the dispute took it (pending or earned), restored when won. */
    earningStatusBefore: text('earning_status_before'),
    settledAt: tstz('settled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'disputes_status_check',
      sql`${t.status} in ('warning_needs_response', 'warning_under_review', 'warning_closed', 'needs_response', 'under_review', 'won', 'lost')`,
    ),
    check('disputes_earning_action_check', sql`${t.earningAction} in ('held', 'clawed_back', 'none')`),
    check('disputes_earning_from_check', sql`${t.earningFrom} in ('held', 'payable', 'transfer')`),
    uniqueIndex('disputes_provider_key').on(t.providerDisputeId),
    index('disputes_payment_idx').on(t.paymentId),
    index('disputes_created_idx').on(t.createdAt.desc()),
  ],
);
