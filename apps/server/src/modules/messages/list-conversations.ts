import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeCursor, encodeCursor } from '../../platform/keyset-cursor';
import { fixedStatement } from '../../platform/prepared';
import { containsPattern } from '../../platform/sql-like';

/** One conversation as the statement returns it. */
interface Row extends Record<string, unknown> {
  conversationId: string;
  lastMessageId: string | null;
  /** ZConversationSummary's otherParty as JSON text (profiles.party_json). */
  otherParty: string;
  /** The members from lastMessageContent to messageCount as JSON text (conversation_summaries.summary_json). */
  summary: string;
  pendingCount: number;
  waitingCount: number;
  /** The keyset cursor's value: last_activity exactly as stored (microseconds). */
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
 * round 2) along its index, joined to the other party's profile: no `messages` row is read. Most of a
 * row's JSON is stored, written by triggers whenever its columns change (migration 0023, decision 0019
 * round 5): the other party's (`profiles.party_json`) and the members that do not move with the clock
 * (`summary_json`). Pending and waiting follow spec §4: paid, not follow-up, unanswered messages still
 * inside their window — to me (pending) or from me (waiting). They depend on the clock, so the rows
 * keep those messages' deadlines and the page counts the ones still ahead of now.
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
  const columns = sql`s.conversation_id as "conversationId", s.last_message_id as "lastMessageId",
    p.party_json as "otherParty", s.summary_json as "summary",
    ${stillAhead(sql`s.pending_deadlines`, now)} as "pendingCount",
    ${stillAhead(sql`s.waiting_deadlines`, now)} as "waitingCount"`;
  return sql`
    select ${columns}, s.last_activity::text as activity_key
    from conversation_summaries s
    join profiles p on p.id = s.other_id
    where s.user_id = ${me} and s.message_count > 0 ${afterCursor} ${matches}
    order by s.last_activity desc, s.conversation_id desc
    limit ${p('limit')}
  `;
}

/**
 * How many of a sorted deadline list are still after `now`: the list's length less width_bucket's count
 * of those at or before it, a binary search in the array (the summaries keep them sorted, migration
 * 0019). An `unnest` subquery per row cost PostgreSQL a fifth of the page's work (issue 14, list p99).
 */
function stillAhead(deadlines: SQL, now: SQL): SQL {
  return sql`(cardinality(${deadlines}) - width_bucket(${now}, ${deadlines}))`;
}

// One statement per shape (a search or not, a cursor or not), rendered once and run by name.
const statementOf = (shape: ListShape) => `${shape.search ? 's' : ''}.${shape.cursor ? 'k' : ''}`;
const statements = new Map(
  [false, true].flatMap((search) =>
    [false, true].map((cursor) => {
      const shape = { search, cursor };
      return [statementOf(shape), fixedStatement('conversations', listStatement(shape))] as const;
    }),
  ),
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
  const run = statements.get(statementOf({ search: Boolean(opts.search), cursor: Boolean(after) }));
  if (!run) throw new Error('no statement for this list shape');
  const fetched = (await run(ctx.db, values)) as Row[];
  const rows = fetched.slice(0, limit);
  const last = rows.at(-1);
  const nextCursor = fetched.length > limit && last ? encodeCursor(last.activity_key, last.conversationId) : null;
  return `{"conversations":[${rows.map(conversationJson).join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`;
}

const json = JSON.stringify;

/**
 * A row as ZConversationSummary's JSON, keys in its order: the stored parts copied, the rest written
 * from the columns. No object is made only to be serialized (issue 14, list p99).
 */
function conversationJson(r: Row): string {
  return (
    `{"conversationId":${json(r.conversationId)},"lastMessageId":${json(r.lastMessageId)},` +
    `"otherParty":${r.otherParty},${r.summary},"pendingCount":${r.pendingCount},"waitingCount":${r.waitingCount}}`
  );
}

/**
 * Conversations per page (security review I5: paged, never capped): twenty rows fill a tall screen, and
 * "Load more conversations" brings the next page. It was 30; the per-row work is most of a page's cost, and
 * 20 brings a heavy inbox's p99 at 50 connections within issue 14's 25 ms (decision 0019, round 3).
 */
export const CONVERSATIONS_PAGE = 20;

/** A cursor of this list carries a timestamp; anything else is a bad request, never a 500. */
function decodeActivityCursor(cursor: string) {
  return decodeCursor(cursor, 'timestamp');
}
