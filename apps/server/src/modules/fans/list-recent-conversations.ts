import type { TBillingStatus } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { billingStatus, type OutcomeColumns, outcomeColumns, outcomeOf, paidBySender, rowsOf } from './billing-sql';

interface Row extends OutcomeColumns {
  conversation_id: string;
  message_id: string;
  content: string;
  amount: number;
  billing: TBillingStatus;
  expires_at: Date | string | null;
  last_activity: Date | string;
  other_id: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  is_creator: boolean;
  instagram_verified: boolean;
  message_price: number;
  is_available: boolean;
}

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * spec §2 Sender dashboard: the fan's most recent conversations, each with the status of its newest
 * paid message. One query: the newest paid message per conversation, then the newest conversations.
 */
export async function listRecentConversations(db: Db, opts: { senderId: string; limit: number }) {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with latest as (
        select distinct on (m.conversation_id) m.conversation_id, m.id as message_id, m.content, m.amount,
          m.recipient_id, m.expires_at, greatest(m.created_at, coalesce(m.responded_at, m.created_at)) as last_activity,
          ${billingStatus} as billing, ${outcomeColumns}
        from payments p join messages m on m.id = p.message_id
        where ${paidBySender(opts.senderId)}
        order by m.conversation_id, m.created_at desc, m.id desc
      )
      select l.*, c.id as other_id, c.username, c.display_name, c.avatar_url, c.is_creator, c.instagram_verified,
        c.message_price, c.is_available
      from latest l join profiles c on c.id = l.recipient_id
      order by l.last_activity desc, l.message_id desc
      limit ${opts.limit}
    `),
  );
  return rows.map((row) => ({
    conversationId: row.conversation_id,
    messageId: row.message_id,
    otherParty: {
      id: row.other_id,
      username: row.username,
      displayName: row.display_name,
      avatarUrl: row.avatar_url,
      isCreator: row.is_creator,
      instagramVerified: row.instagram_verified,
      messagePrice: row.message_price,
      isAvailable: row.is_available,
    },
    preview: row.content,
    status: row.billing,
    ...outcomeOf(row),
    amountCents: row.amount,
    expiresAt: toDate(row.expires_at),
    lastActivity: new Date(row.last_activity),
  }));
}
