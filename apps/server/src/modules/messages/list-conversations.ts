import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeCursor, encodeCursor } from '../../platform/keyset-cursor';
import { containsPattern } from '../../platform/sql-like';
import { isOpenSql } from './queries';

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
 * The signed-in user's conversations, newest activity first, a page at a time behind a keyset cursor
 * (ARCHITECTURE §3a: never by loading every message into the browser). One statement: the page is
 * read from `conversation_summaries` (kept by the messages triggers, decision 0019) along its index,
 * and only the page's rows then read their last message, the other party and the open counts.
 * Pending and waiting follow spec §4: paid, not follow-up, unanswered messages still inside their
 * window — to me (pending) or from me (waiting). They depend on the clock, so they are counted here,
 * for the page's conversations that have an unanswered paid message at all (the summary's
 * `unanswered_count`), by messages_conversation_created_idx alone: a deadline index would be no
 * narrower for one conversation, and the planner misjudged it into scanning every open message.
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
  // The last message's text and side: a reply counts from when it was sent (the summary chose the message).
  const lastContent = sql`case when lm.response_content is not null and lm.responded_at >= lm.created_at
    then lm.response_content else lm.content end`;
  const lastFromMe = sql`case when lm.response_content is not null and lm.responded_at >= lm.created_at
    then lm.recipient_id = ${opts.userId} else lm.sender_id = ${opts.userId} end`;
  // Keyset: strictly after the last row of the previous page, in the index's order.
  const afterCursor = after
    ? sql`and (s.last_activity, s.conversation_id) < (${after.value}::timestamptz, ${after.id}::uuid)`
    : sql``;
  // A search must look at each conversation's name and last message before the limit: it walks the
  // user's summary rows in order and stops at the page's last match (bounded by the user's
  // conversations, never by their messages).
  const pageQuery = pattern
    ? sql`select s.conversation_id, s.other_id, s.last_message_id, s.last_activity, s.message_count, s.unanswered_count
        from conversation_summaries s
        join profiles p on p.id = s.other_id
        join messages lm on lm.id = s.last_message_id
        where s.user_id = ${opts.userId} and s.message_count > 0 ${afterCursor}
          and (lower(p.username) like ${pattern} or lower(p.display_name) like ${pattern} or lower(${lastContent}) like ${pattern})
        order by s.last_activity desc, s.conversation_id desc
        limit ${limit + 1}`
    : sql`select s.conversation_id, s.other_id, s.last_message_id, s.last_activity, s.message_count, s.unanswered_count
        from conversation_summaries s
        where s.user_id = ${opts.userId} and s.message_count > 0 ${afterCursor}
        order by s.last_activity desc, s.conversation_id desc
        limit ${limit + 1}`;
  const result = await db.execute(sql`
    select page.conversation_id, page.last_message_id, page.other_id, p.username, p.display_name, p.avatar_url,
      p.is_creator, p.instagram_verified, p.message_price, p.is_available, ${lastContent} as last_content,
      ${lastFromMe} as last_from_me, page.last_activity, page.message_count, open.pending_count, open.waiting_count,
      page.last_activity::text as activity_key
    from (${pageQuery}) page
    join profiles p on p.id = page.other_id
    join messages lm on lm.id = page.last_message_id
    cross join lateral (
      select (count(*) filter (where m.recipient_id = ${opts.userId} and ${isOpenSql('m', now)}))::int as pending_count,
        (count(*) filter (where m.sender_id = ${opts.userId} and ${isOpenSql('m', now)}))::int as waiting_count
      from messages m
      where page.unanswered_count > 0 and m.conversation_id = page.conversation_id
    ) open
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
