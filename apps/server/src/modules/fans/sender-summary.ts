import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { isOpenSql } from '../messages';
import { billingStatus, paidBySender, rowsOf } from './billing-sql';

interface Row {
  total_spent: number;
  on_hold: number;
  returned: number;
  released: number;
  refunded: number;
  messages_sent: number;
  awaiting: number;
  conversations: number;
}

/**
 * spec §2 billing summary card, summed in one query over the fan's payments (payments_sender_created_idx),
 * never from stored counters: spent is captured money of answered messages; on hold is money of
 * messages still in their window; returned is released holds and refunds.
 */
export async function senderSummary(db: Db, opts: { senderId: string; now: Date }) {
  const [row] = rowsOf<Row>(
    await db.execute(sql`
      with paid as (
        select p.amount_total, m.status, m.amount, m.is_followup, m.expires_at, m.conversation_id, ${billingStatus} as billing
        from payments p join messages m on m.id = p.message_id
        where ${paidBySender(opts.senderId)}
      )
      select
        coalesce(sum(amount_total) filter (where billing = 'completed'), 0)::int as total_spent,
        coalesce(sum(amount_total) filter (where billing = 'pending'), 0)::int as on_hold,
        coalesce(sum(amount_total) filter (where billing in ('released', 'refunded')), 0)::int as returned,
        coalesce(sum(amount_total) filter (where billing = 'released'), 0)::int as released,
        coalesce(sum(amount_total) filter (where billing = 'refunded'), 0)::int as refunded,
        count(*)::int as messages_sent,
        (count(*) filter (where ${isOpenSql('', opts.now)}))::int as awaiting,
        count(distinct conversation_id)::int as conversations
      from paid
    `),
  );
  return {
    totalSpentCents: row?.total_spent ?? 0,
    onHoldCents: row?.on_hold ?? 0,
    returnedCents: row?.returned ?? 0,
    releasedCents: row?.released ?? 0,
    refundedCents: row?.refunded ?? 0,
    messagesSent: row?.messages_sent ?? 0,
    awaitingResponses: row?.awaiting ?? 0,
    conversations: row?.conversations ?? 0,
  };
}
