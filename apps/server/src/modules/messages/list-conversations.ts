import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeCursor, encodeCursor } from '../../platform/keyset-cursor';
import { containsPattern } from '../../platform/sql-like';
import { isOpenSql, isVisibleSql } from './queries';

interface Row extends Record<string, unknown> {
  conversation_id: string;
  last_message_id: string;
  other_id: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  is_creator: boolean;
  instagram_verified: boolean;
  message_price: number;
  is_available: boolean;
  last_content: string;
  last_from_me: boolean;
  last_activity: Date | string;
  message_count: number;
  pending_count: number;
  waiting_count: number;
  activity_key: string;
}

/**
 * The signed-in user's conversations, aggregated in one query (ARCHITECTURE §3a: never by loading
 * every message into the browser). Pending and waiting counts follow spec §4: paid, not follow-up,
 * unanswered messages still inside their window — to me (pending) or from me (waiting). Newest
 * activity first, a page at a time behind a keyset cursor.
 */
export async function listConversations(
  ctx: Pick<FastifyInstance, 'db' | 'clock'>,
  opts: { userId: string; search?: string; limit?: number; cursor?: string },
) {
  const { db } = ctx;
  const now = ctx.clock.now();
  const pattern = opts.search ? containsPattern(opts.search) : null;
  const limit = opts.limit ?? CONVERSATIONS_PAGE;
  const after = opts.cursor ? decodeActivityCursor(opts.cursor) : null;
  const filters = [
    pattern
      ? sql`(lower(p.username) like ${pattern} or lower(p.display_name) like ${pattern} or lower(last.content) like ${pattern})`
      : null,
    // Keyset: strictly after the last row of the previous page, in the same order.
    after ? sql`(agg.last_activity, agg.conversation_id) < (${after.value}::timestamptz, ${after.id}::uuid)` : null,
  ].filter((f) => f !== null);
  const result = await db.execute(sql`
    with mine as (
      select m.*, case when m.sender_id = ${opts.userId} then m.recipient_id else m.sender_id end as other_id,
        greatest(m.created_at, coalesce(m.responded_at, m.created_at)) as activity_at
      from messages m
      where (m.sender_id = ${opts.userId} or m.recipient_id = ${opts.userId})
        and ${isVisibleSql('m')}
    ),
    agg as (
      select conversation_id, min(other_id::text)::uuid as other_id, count(*)::int as message_count,
        max(activity_at) as last_activity,
        (count(*) filter (where recipient_id = ${opts.userId} and ${isOpenSql('', now)}))::int as pending_count,
        (count(*) filter (where sender_id = ${opts.userId} and ${isOpenSql('', now)}))::int as waiting_count
      from mine group by conversation_id
    ),
    last as (
      select distinct on (conversation_id) conversation_id, id,
        case when response_content is not null and responded_at >= created_at then response_content else content end as content,
        case when response_content is not null and responded_at >= created_at then recipient_id = ${opts.userId}
             else sender_id = ${opts.userId} end as from_me
      from mine order by conversation_id, activity_at desc, id desc
    )
    select agg.conversation_id, last.id as last_message_id, agg.other_id, p.username, p.display_name, p.avatar_url,
      p.is_creator, p.instagram_verified, p.message_price, p.is_available, last.content as last_content,
      last.from_me as last_from_me, agg.last_activity, agg.message_count, agg.pending_count, agg.waiting_count,
      agg.last_activity::text as activity_key
    from agg
    join last on last.conversation_id = agg.conversation_id
    join profiles p on p.id = agg.other_id
    ${filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``}
    order by agg.last_activity desc, agg.conversation_id desc
    limit ${limit + 1}
  `);
  // Both drivers answer { rows }; the HKT of the shared Db type does not say so.
  const { rows: fetched } = result as unknown as { rows: Row[] };
  const rows = fetched.slice(0, limit);
  const last = rows.at(-1);
  const nextCursor = fetched.length > limit && last ? encodeCursor(last.activity_key, last.conversation_id) : null;
  const conversations = rows.map((row) => ({
    conversationId: row.conversation_id,
    lastMessageId: row.last_message_id,
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
    lastMessageContent: row.last_content,
    lastMessageFromMe: row.last_from_me,
    lastActivity: new Date(row.last_activity),
    messageCount: row.message_count,
    pendingCount: row.pending_count,
    waitingCount: row.waiting_count,
  }));
  return { conversations, nextCursor };
}

/** Conversations per page (security review I5: paged, never capped). */
export const CONVERSATIONS_PAGE = 30;

/** A cursor of this list carries a timestamp; anything else is a bad request, never a 500. */
function decodeActivityCursor(cursor: string) {
  return decodeCursor(cursor, 'timestamp');
}
