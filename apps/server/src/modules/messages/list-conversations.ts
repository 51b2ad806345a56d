import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db';
import { decodeCursor, encodeCursor } from '../../platform/keyset-cursor';
import { preparedPerDatabase } from '../../platform/prepared';
import { containsPattern } from '../../platform/sql-like';

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
 * cursorId). One statement over `conversation_summaries` (kept by the messages triggers, decisions 0019
 * and 0021) along its index, joined to the other party's profile: no `messages` row is read. Pending
 * and waiting follow spec §4: paid, not follow-up, unanswered messages still inside their window — to
 * me (pending) or from me (waiting). They depend on the clock, so the rows keep those messages'
 * deadlines and the page counts the ones still ahead of now.
 */
function listStatement(shape: ListShape): SQL {
  const p = sql.placeholder;
  const me = sql`${p('userId')}::uuid`;
  const now = sql`${p('now')}::timestamptz`;
  // Keyset: strictly after the last row of the previous page, in the index's order.
  const afterCursor = shape.cursor
    ? sql`and (s.last_activity, s.conversation_id) < (${p('cursorValue')}::timestamptz, ${p('cursorId')}::uuid)`
    : sql``;
  // A search looks at each conversation's name and last message before the limit: it walks the user's
  // summary rows in order and stops at the page's last match (bounded by the user's conversations).
  const matches = shape.search
    ? sql`and (lower(p.username) like ${p('pattern')} or lower(p.display_name) like ${p('pattern')}
        or lower(s.last_content) like ${p('pattern')})`
    : sql``;
  return sql`
    select s.conversation_id, s.last_message_id, s.other_id, p.username, p.display_name, p.avatar_url,
      p.is_creator, p.instagram_verified, p.message_price, p.is_available, s.last_content, s.last_from_me,
      s.last_activity, s.message_count,
      (select count(*) from unnest(s.pending_deadlines) d where d > ${now})::int as pending_count,
      (select count(*) from unnest(s.waiting_deadlines) d where d > ${now})::int as waiting_count,
      s.last_activity::text as activity_key
    from conversation_summaries s
    join profiles p on p.id = s.other_id
    where s.user_id = ${me} and s.message_count > 0 ${afterCursor} ${matches}
    order by s.last_activity desc, s.conversation_id desc
    limit ${p('limit')}
  `;
}

const dialect = new PgDialect();
const preparedFor = preparedPerDatabase(
  'conversations',
  (db: Db, shape: ListShape, name: string) =>
    db._.session.prepareQuery(dialect.sqlToQuery(listStatement(shape)), undefined, name, false),
  (shape) => `${shape.search ? 's' : ''}.${shape.cursor ? 'k' : ''}`,
);

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
