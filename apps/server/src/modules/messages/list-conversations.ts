import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db';
import { decodeCursor, encodeCursor } from '../../platform/keyset-cursor';
import { preparedPerDatabase } from '../../platform/prepared';
import { jsonObject, jsonTimestamp } from '../../platform/sql-json';
import { containsPattern } from '../../platform/sql-like';

interface Row extends Record<string, unknown> {
  /** The conversation as the response's JSON (ZConversationSummary, keys in its order). */
  item: string;
  conversation_id: string;
  activity_key: string;
}

/** Which optional parts a request uses: requests of one shape share one prepared statement. */
interface ListShape {
  search: boolean;
  cursor: boolean;
}

/**
 * The list's statement for one shape, with placeholders (userId, now, limit; pattern; cursorValue,
 * cursorId). One statement over `conversation_summaries` (kept by the messages triggers, decision 0019,
 * round 2) along its index, joined to the other party's profile: no `messages` row is read. Each row
 * comes back as its conversation's JSON, written by PostgreSQL (platform/sql-json.ts). Pending
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
  const item = jsonObject([
    ['conversationId', sql`s.conversation_id`],
    ['lastMessageId', sql`s.last_message_id`],
    [
      'otherParty',
      jsonObject([
        ['id', sql`p.id`],
        ['username', sql`p.username`],
        ['displayName', sql`p.display_name`],
        ['avatarUrl', sql`p.avatar_url`],
        ['isCreator', sql`p.is_creator`],
        ['instagramVerified', sql`p.instagram_verified`],
        ['messagePrice', sql`p.message_price`],
        ['isAvailable', sql`p.is_available`],
      ]),
    ],
    ['lastMessageContent', sql`s.last_content`],
    ['lastMessageFromMe', sql`s.last_from_me`],
    ['lastActivity', jsonTimestamp(sql`s.last_activity`)],
    ['messageCount', sql`s.message_count`],
    ['pendingCount', sql`(select count(*) from unnest(s.pending_deadlines) d where d > ${now})::int`],
    ['waitingCount', sql`(select count(*) from unnest(s.waiting_deadlines) d where d > ${now})::int`],
  ]);
  return sql`
    select ${item}::text as item, s.conversation_id, s.last_activity::text as activity_key
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
 * (ARCHITECTURE §3a: never by loading every message into the browser), as the response body
 * (ZConversationsResponse's JSON): the rows' JSON joined, never parsed and serialized again (issue 14).
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
  return `{"conversations":[${rows.map((row) => row.item).join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`;
}

/** Conversations per page (security review I5: paged, never capped). */
export const CONVERSATIONS_PAGE = 30;

/** A cursor of this list carries a timestamp; anything else is a bad request, never a 500. */
function decodeActivityCursor(cursor: string) {
  return decodeCursor(cursor, 'timestamp');
}
