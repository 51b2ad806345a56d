import { messageOutcome, type TDeclineReason, type TMessageOutcome } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import { endCauseOf, isVisibleSql } from '../messages';

/**
 * The fan's paid messages: payments joined to their messages. Unpaid checkouts (pending) and
 * abandoned ones (cancelled) are not transactions the fan made.
 */
export const paidBySender = (senderId: string) =>
  sql`p.sender_id = ${senderId} and p.status <> 'pending' and ${isVisibleSql('m')}`;

/**
 * spec §4: responded → completed, sent → pending. The money of an expired message comes back: a
 * charge is refunded, a hold is released (also when the hold lapsed before capture: nothing charged).
 * An answered message whose flag "not an answer" was upheld is refunded too (decision 0016). A refund
 * is only "refunded" once the provider says so (decision 0050): pending or failed says which.
 */
export const billingStatus = sql`case
  when p.status = 'failed' then 'released'
  when p.status = 'refunded' and p.refund_status = 'failed' then 'refund_failed'
  when p.status = 'refunded' and p.refund_status = 'pending' then 'refund_pending'
  when p.status = 'refunded' then 'refunded'
  when m.status = 'responded' then 'completed'
  when m.status = 'sent' then 'pending'
  when p.status in ('refunded', 'succeeded') then 'refunded'
  else 'released' end`;

/** Both drivers answer { rows }; the HKT of the shared Db type does not say so. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The message facts its outcome is read from (issue 36 §5), for a query over payments p and messages m. */
export const outcomeColumns = sql`m.status as message_status, m.is_followup, m.declined_at, m.decline_reason,
  p.status as payment_status`;

export interface OutcomeColumns {
  message_status: 'sent' | 'responded' | 'refunded';
  is_followup: boolean;
  declined_at: Date | string | null;
  decline_reason: TDeclineReason | null;
  payment_status: string;
}

/**
 * Issue 36 §5: what became of the message, in the one vocabulary: a decline, a block's release and
 * an expiry all give the money back, and the fan's billing says which (an upheld flag: Refunded).
 */
export function outcomeOf(row: OutcomeColumns): { outcome: TMessageOutcome; declineReason: TDeclineReason | null } {
  return {
    outcome: messageOutcome({
      status: row.message_status,
      isFollowup: row.is_followup,
      endedBy: endCauseOf({
        status: row.message_status,
        declinedAt: row.declined_at === null ? null : new Date(row.declined_at),
        declineReason: row.decline_reason,
      }),
      refundedAfterAnswer: row.payment_status === 'refunded',
    }),
    declineReason: row.decline_reason,
  };
}
