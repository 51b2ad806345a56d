import { z } from 'zod';
import { ZText, ZTimestamp } from './common';

// modules/ledger: a creator's earnings and payouts (issue #10). Amounts are cents.

export const ZPayout = z.object({
  id: z.uuid(),
  amount: z.number().int(),
  /** pending → in_transit → paid | failed (decision 0029). */
  status: z.enum(['pending', 'in_transit', 'paid', 'failed']),
  failureReason: z.string().nullable(),
  /** Stripe's failure code: what the creator should do about a failed payout follows from it. */
  failureCode: z.string().nullable(),
  /** A failed payout whose money waits on the creator's Stripe balance: Retry pays it out again. */
  retryable: z.boolean(),
  /**
   * What the creator should do about a failed payout (the same words as the mail), or why a pending one
   * waits for its funds (decision 0052); null otherwise.
   */
  advice: z.string().nullable(),
  /** Pending: its money is on the creator's Stripe balance, still settling from the card network (decision 0052). */
  waitingForFunds: z.boolean(),
  /** When Stripe says the waiting funds become available (the payout is made then); null when unknown or not waiting. */
  fundsAvailableOn: ZTimestamp.nullable(),
  /** The earnings of this payout whose transfer was taken back (a refund after transfer), in cents. */
  reversedAmount: z.number().int(),
  createdAt: ZTimestamp,
});

export type TPayout = z.input<typeof ZPayout>;

export const ZEarningTransaction = z.object({
  id: z.uuid(),
  messageId: z.uuid(),
  amount: z.number().int(),
  commission: z.number().int(),
  totalAmount: z.number().int(),
  /** 'refunded' when an upheld "not an answer" flag reversed it (issue #13). */
  /** 'reversed': paid out, then its transfer was taken back (a refund after transfer, decision 0029). */
  /** 'disputed': a fan's chargeback holds it or took it back (decision 0054). */
  status: z.enum(['pending', 'earned', 'paid_out', 'refunded', 'reversed', 'disputed']),
  /** Why an unpaid earning is not payable yet: its 48-hour flag window runs, or a flag holds it (decision 0016). */
  hold: z.enum(['window', 'flagged']).nullable(),
  createdAt: ZTimestamp,
  messagePreview: z.string(),
  senderName: z.string(),
  senderUsername: z.string(),
});

export type TEarningTransaction = z.input<typeof ZEarningTransaction>;

/** spec §2 Earnings: every figure a sum over the ledger (ARCHITECTURE §8). */
export const ZEarningsSummary = z.object({
  timeZone: z.string(),
  today: z.number().int(),
  last7Days: z.number().int(),
  thisMonth: z.number().int(),
  totalEarned: z.number().int(),
  available: z.number().int(),
  /** Issue #13: captured earnings not payable yet (inside the 48-hour flag window, or flagged and under review): creator_held's balance. */
  held: z.number().int(),
  /** The part of `held` a fan's "not an answer" flag holds until our review (decision 0016). */
  heldUnderReview: z.number().int(),
  /** When the oldest held earning outside review becomes payable (its reply + holdWindowHours); null when none. */
  nextReleaseAt: ZTimestamp.nullable(),
  /** The server's hold rule: an earning is payable this many hours after the reply (decision 0016). */
  holdWindowHours: z.number().int(),
  /** The server's payout rule (spec §5): the least a payout request may move. */
  minimumPayout: z.number().int(),
  payoutAccountReady: z.boolean(),
  /** The last 30 days, oldest first, one entry per day in the creator's time zone. */
  daily: z.array(z.object({ date: z.string(), amount: z.number().int() })),
  recent: z.array(ZEarningTransaction),
});

export type TEarningsSummary = z.input<typeof ZEarningsSummary>;

export const ZPayoutList = z.object({
  items: z.array(ZPayout),
  nextCursor: z.string().nullable(),
  /** The built-in test provider's simulated bank: shown as such (decision 0029). */
  simulated: z.boolean(),
});

export type TPayoutList = z.input<typeof ZPayoutList>;

export const ZPayoutListQuery = z.object({
  cursor: ZText.max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
