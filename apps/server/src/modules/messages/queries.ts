import type { TMessageEndCause } from '@fanline/contracts';
import { and, eq, gt, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { messages } from '../../db/schema';

/**
 * The message rules every list, count and use case shares, named once (ARCHITECTURE §3, spec §4).
 * Drizzle conditions for query builders, `…Sql(alias, now)` fragments for hand-written SQL over
 * `messages` (or a CTE with its columns), and plain predicates for rows already loaded.
 */

/** A paid message: a fan's message with a price, never a creator's free follow-up (spec §4). */
export const isPaid = (): SQL => and(eq(messages.isFollowup, false), gt(messages.amount, 0)) as SQL;

/**
 * Visible to the creator (ARCHITECTURE §3): a `pending` message (its checkout is not paid yet) and a
 * `cancelled` one (its checkout failed or was abandoned) never reach the creator; no thread, list
 * or count shows them to anybody.
 */
export const isVisibleToCreator = (): SQL => inArray(messages.status, [...VISIBLE_STATUSES]);

/** The opposite: a checkout never paid (pending) or given up (cancelled). */
export const isHiddenFromCreator = (): SQL => inArray(messages.status, [...HIDDEN_STATUSES]);

/** Open: a paid message still waiting for its answer inside its response window (spec §4). */
export const isOpen = (now: Date): SQL =>
  and(isPaid(), eq(messages.status, 'sent'), gt(messages.expiresAt, now)) as SQL;

/**
 * An open paid message, by status alone: waiting for its answer, whatever the clock says. What a
 * reply, a decline and the expiry job lock before they compare the deadline themselves.
 */
export const isUnanswered = (): SQL => and(isPaid(), eq(messages.status, 'sent')) as SQL;

/** Due: a paid message whose window ran out unanswered; the expiry job refunds it (ARCHITECTURE §3). */
export const isDue = (now: Date): SQL => and(isUnanswered(), lte(messages.expiresAt, now)) as SQL;

/** A paid message that reached the creator: sent, answered or refunded (never pending or cancelled). */
export const isDelivered = (): SQL => and(isPaid(), isVisibleToCreator()) as SQL;

/** Statuses of a message that reached the creator (its checkout was paid, or it is a follow-up). */
export const VISIBLE_STATUSES = ['sent', 'responded', 'refunded'] as const satisfies readonly MessageStatus[];
const HIDDEN_STATUSES = ['pending', 'cancelled'] as const satisfies readonly MessageStatus[];

type MessageStatus = (typeof messages.$inferSelect)['status'];

/** The same rules for loaded rows. */
export const isVisibleRow = (m: { status: MessageStatus }) =>
  !(HIDDEN_STATUSES as readonly string[]).includes(m.status);
export const isPaidRow = (m: { amount: number; isFollowup: boolean }) => m.amount > 0 && !m.isFollowup;
/** isUnanswered for a loaded row: a paid message still waiting for its answer, whatever the clock says. */
export const isUnansweredRow = (m: { status: MessageStatus; amount: number; isFollowup: boolean }) =>
  isPaidRow(m) && m.status === 'sent';
export const isOpenRow = (
  m: { status: MessageStatus; amount: number; isFollowup: boolean; expiresAt: Date | null },
  now: Date,
) => isUnansweredRow(m) && m.expiresAt !== null && m.expiresAt.getTime() > now.getTime();

/**
 * Why a `refunded` paid message ended (issue 25), from what the use cases write: the expiry job (and
 * an admin's refund, which takes its path) leaves `declined_at` empty; a decline sets it with its
 * reason; a block (endOpenMessages with no reason) sets it without one. Null for any other status.
 */
export const endCauseOf = (m: {
  status: MessageStatus;
  declinedAt: Date | null;
  declineReason: string | null;
}): TMessageEndCause | null => {
  if (m.status !== 'refunded') return null;
  if (m.declinedAt === null) return 'expiry';
  return m.declineReason === null ? 'block' : 'decline';
};

/**
 * endCauseOf as Drizzle conditions (issue 36 §5): a refunded paid message ended by a decline (with a
 * reason), a block's release (declined_at without a reason) or an expiry (no declined_at). Admin →
 * Messages and Admin → Transactions filter by them, so each word names the same messages everywhere.
 */
export const endedBy: Record<TMessageEndCause, () => SQL> = {
  decline: () => and(eq(messages.status, 'refunded'), isNotNull(messages.declineReason)) as SQL,
  block: () =>
    and(eq(messages.status, 'refunded'), isNotNull(messages.declinedAt), isNull(messages.declineReason)) as SQL,
  expiry: () => and(eq(messages.status, 'refunded'), isNull(messages.declinedAt)) as SQL,
};

/** Column prefix for the raw-SQL fragments: `m` → `m.status`; '' for a CTE's unqualified columns. */
const col = (alias: string, name: string) => sql.raw(alias ? `${alias}.${name}` : name);

/** isPaid for hand-written SQL. */
export const isPaidSql = (alias = ''): SQL => sql`not ${col(alias, 'is_followup')} and ${col(alias, 'amount')} > 0`;

/** isOpen for hand-written SQL. */
export const isOpenSql = (alias: string, now: Date | SQL): SQL =>
  sql`${isPaidSql(alias)} and ${col(alias, 'status')} = 'sent' and ${col(alias, 'expires_at')} > ${now instanceof Date ? sql`${now}::timestamptz` : now}`;

/** isVisibleToCreator for hand-written SQL. */
export const isVisibleSql = (alias = ''): SQL => sql`${col(alias, 'status')} in ('sent', 'responded', 'refunded')`;

/** isDelivered for hand-written SQL. */
export const isDeliveredSql = (alias = ''): SQL => sql`${isPaidSql(alias)} and ${isVisibleSql(alias)}`;

/** A fan's unanswered paid messages to one creator: what a reply or a decline locks (spec §4, one conversation). */
export const unansweredFromFan = (fanId: string, creatorId: string): SQL =>
  and(eq(messages.senderId, fanId), eq(messages.recipientId, creatorId), isUnanswered()) as SQL;
