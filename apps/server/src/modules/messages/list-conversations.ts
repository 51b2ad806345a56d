import { type SQL, sql } from 'drizzle-orm';
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
  // The last message of a conversation, newest activity first (a reply counts from when it was sent).
  const lastOf = (conversation: SQL) => sql`lateral (
      select lm.id,
        case when lm.response_content is not null and lm.responded_at >= lm.created_at then lm.response_content else lm.content end as content,
        case when lm.response_content is not null and lm.responded_at >= lm.created_at then lm.recipient_id = ${opts.userId}
             else lm.sender_id = ${opts.userId} end as from_me
      from messages lm
      where lm.conversation_id = ${conversation} and ${isVisibleSql('lm')}
        and (lm.sender_id = ${opts.userId} or lm.recipient_id = ${opts.userId})
      order by greatest(lm.created_at, coalesce(lm.responded_at, lm.created_at)) desc, lm.id desc
      limit 1
    )`;
  // Keyset: strictly after the last row of the previous page, in the same order.
  const afterCursor = after
    ? sql`(agg.last_activity, agg.conversation_id) < (${after.value}::timestamptz, ${after.id}::uuid)`
    : null;
  // Issue 14: the page is chosen from the per-conversation aggregate first; only its rows then read
  // their last message and the other party (a search needs both for every conversation, so it joins
  // them before the limit). The aggregate reads the narrow columns of the user's messages only.
  const pageQuery = pattern
    ? sql`select agg.*, last.id as last_message_id, last.content as last_content, last.from_me as last_from_me
        from agg
        join profiles p on p.id = agg.other_id
        cross join ${lastOf(sql`agg.conversation_id`)} last
        where (lower(p.username) like ${pattern} or lower(p.display_name) like ${pattern} or lower(last.content) like ${pattern})
          ${afterCursor ? sql`and ${afterCursor}` : sql``}
        order by agg.last_activity desc, agg.conversation_id desc
        limit ${limit + 1}`
    : sql`select agg.*, last.id as last_message_id, last.content as last_content, last.from_me as last_from_me
        from (select * from agg ${afterCursor ? sql`where ${afterCursor}` : sql``}
              order by agg.last_activity desc, agg.conversation_id desc limit ${limit + 1}) agg
        cross join ${lastOf(sql`agg.conversation_id`)} last`;
  const result = await db.execute(sql`
    with agg as (
      select m.conversation_id,
        min((case when m.sender_id = ${opts.userId} then m.recipient_id else m.sender_id end)::text)::uuid as other_id,
        count(*)::int as message_count,
        max(greatest(m.created_at, coalesce(m.responded_at, m.created_at))) as last_activity,
        (count(*) filter (where m.recipient_id = ${opts.userId} and ${isOpenSql('m', now)}))::int as pending_count,
        (count(*) filter (where m.sender_id = ${opts.userId} and ${isOpenSql('m', now)}))::int as waiting_count
      from messages m
      where (m.sender_id = ${opts.userId} or m.recipient_id = ${opts.userId})
        and ${isVisibleSql('m')}
      group by m.conversation_id
    ),
    page as (${pageQuery})
    select page.conversation_id, page.last_message_id, page.other_id, p.username, p.display_name, p.avatar_url,
      p.is_creator, p.instagram_verified, p.message_price, p.is_available, page.last_content,
      page.last_from_me, page.last_activity, page.message_count, page.pending_count, page.waiting_count,
      page.last_activity::text as activity_key
    from page
    join profiles p on p.id = page.other_id
    order by page.last_activity desc, page.conversation_id desc
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
