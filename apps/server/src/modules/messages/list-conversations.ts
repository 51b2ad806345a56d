import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db';
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

/** Which optional parts a request uses: requests of one shape share one prepared statement. */
interface ListShape {
  search: boolean;
  cursor: boolean;
}

/**
 * The list's statement for one shape, with placeholders (userId, now, limit; pattern; cursorValue,
 * cursorId). One statement: the page is read from `conversation_summaries` (kept by the messages
 * triggers, decision 0019) along its index, and only the page's rows then read their last message,
 * the other party and the open counts. Pending and waiting follow spec §4: paid, not follow-up,
 * unanswered messages still inside their window — to me (pending) or from me (waiting). They depend
 * on the clock, so they are counted here, for the page's conversations that have an unanswered paid
 * message at all (the summary's `unanswered_count`), by messages_conversation_created_idx alone: a
 * deadline index would be no narrower for one conversation, and the planner misjudged it into
 * scanning every open message.
 */
function listStatement(shape: ListShape): SQL {
  const p = sql.placeholder;
  const me = sql`${p('userId')}::uuid`;
  const now = sql`${p('now')}::timestamptz`;
  // The last message's text and side: a reply counts from when it was sent (the summary chose the message).
  const lastContent = sql`case when lm.response_content is not null and lm.responded_at >= lm.created_at
    then lm.response_content else lm.content end`;
  const lastFromMe = sql`case when lm.response_content is not null and lm.responded_at >= lm.created_at
    then lm.recipient_id = ${me} else lm.sender_id = ${me} end`;
  // Keyset: strictly after the last row of the previous page, in the index's order.
  const afterCursor = shape.cursor
    ? sql`and (s.last_activity, s.conversation_id) < (${p('cursorValue')}::timestamptz, ${p('cursorId')}::uuid)`
    : sql``;
  // A search must look at each conversation's name and last message before the limit: it walks the
  // user's summary rows in order and stops at the page's last match (bounded by the user's
  // conversations, never by their messages).
  const pageQuery = shape.search
    ? sql`select s.conversation_id, s.other_id, s.last_message_id, s.last_activity, s.message_count, s.unanswered_count
        from conversation_summaries s
        join profiles p on p.id = s.other_id
        join messages lm on lm.id = s.last_message_id
        where s.user_id = ${me} and s.message_count > 0 ${afterCursor}
          and (lower(p.username) like ${p('pattern')} or lower(p.display_name) like ${p('pattern')}
            or lower(${lastContent}) like ${p('pattern')})
        order by s.last_activity desc, s.conversation_id desc
        limit ${p('limit')}`
    : sql`select s.conversation_id, s.other_id, s.last_message_id, s.last_activity, s.message_count, s.unanswered_count
        from conversation_summaries s
        where s.user_id = ${me} and s.message_count > 0 ${afterCursor}
        order by s.last_activity desc, s.conversation_id desc
        limit ${p('limit')}`;
  return sql`
    select page.conversation_id, page.last_message_id, page.other_id, p.username, p.display_name, p.avatar_url,
      p.is_creator, p.instagram_verified, p.message_price, p.is_available, ${lastContent} as last_content,
      ${lastFromMe} as last_from_me, page.last_activity, page.message_count, open.pending_count, open.waiting_count,
      page.last_activity::text as activity_key
    from (${pageQuery}) page
    join profiles p on p.id = page.other_id
    join messages lm on lm.id = page.last_message_id
    cross join lateral (
      select (count(*) filter (where m.recipient_id = ${me} and ${isOpenSql('m', now)}))::int as pending_count,
        (count(*) filter (where m.sender_id = ${me} and ${isOpenSql('m', now)}))::int as waiting_count
      from messages m
      where page.unanswered_count > 0 and m.conversation_id = page.conversation_id
    ) open
    order by page.last_activity desc, page.conversation_id desc
  `;
}

type PreparedList = ReturnType<Db['_']['session']['prepareQuery']>;
// Issue 14, like browse (decision 0017): the SQL is rendered once per shape and database, and
// PostgreSQL keeps the named statement per connection, so its parse and plan are reused too.
const preparedByDb = new WeakMap<Db, Map<string, PreparedList>>();
// Statement names are unique in the process: two apps may share one pool (its connections keep them).
let preparedCount = 0;
const dialect = new PgDialect();

function preparedFor(db: Db, shape: ListShape): PreparedList {
  let byShape = preparedByDb.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedByDb.set(db, byShape);
  }
  const key = `${shape.search ? 's' : ''}.${shape.cursor ? 'k' : ''}`;
  let prepared = byShape.get(key);
  if (!prepared) {
    preparedCount += 1;
    prepared = db._.session.prepareQuery(
      dialect.sqlToQuery(listStatement(shape)),
      undefined,
      `conversations_${preparedCount}`,
      false,
    );
    byShape.set(key, prepared);
  }
  return prepared;
}

/**
 * The signed-in user's conversations, newest activity first, a page at a time behind a keyset cursor
 * (ARCHITECTURE §3a: never by loading every message into the browser).
 */
export async function listConversations(
  ctx: Pick<FastifyInstance, 'db' | 'clock'>,
  opts: { userId: string; search?: string; limit?: number; cursor?: string },
) {
  const limit = opts.limit ?? CONVERSATIONS_PAGE;
  const after = opts.cursor ? decodeActivityCursor(opts.cursor) : null;
  const values: Record<string, unknown> = { userId: opts.userId, now: ctx.clock.now(), limit: limit + 1 };
  if (opts.search) values.pattern = containsPattern(opts.search);
  if (after) {
    values.cursorValue = after.value;
    values.cursorId = after.id;
  }
  const result = await preparedFor(ctx.db, { search: Boolean(opts.search), cursor: Boolean(after) }).execute(values);
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
