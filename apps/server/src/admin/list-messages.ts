import {
  messageOutcome,
  type TAdminMessageFilter,
  type TAdminPageQuery,
  type TDeclineReason,
  type ZAdminMessagesResponse,
} from '@fanline/contracts';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { earnings, messages, payments, profiles } from '../db/schema';
import {
  endCauseOf,
  endedBy,
  isPaid,
  isPaidRow,
  isUnanswered,
  isUnansweredRow,
  isVisibleToCreator,
} from '../modules/messages';
import type { Db } from '../platform/db';
import { readPage, windowTotal } from '../platform/paging';

type Response = z.output<typeof ZAdminMessagesResponse>;
type Row = Response['messages'][number];

// Pending is the messages module's rule (a paid message waiting for its answer), so a creator's free
// follow-up, which stays 'sent' for good, is never listed or counted as pending. Called, not referenced:
// '../modules/messages' may not have loaded yet when this file does (decision 0014, load order).
const FILTER: Record<Exclude<TAdminMessageFilter, 'all'>, () => SQL> = {
  pending: () => isUnanswered(),
  responded: () => eq(messages.status, 'responded'),
  // Issue 36 §5: the three ways an unanswered paid message ends, each its own filter (endCauseOf's rule:
  // a decline has a reason, a block's release none, an expiry no decline at all).
  declined: endedBy.decline,
  released: endedBy.block,
  expired: endedBy.expiry,
};
const AT_RISK = 5;

const sender = alias(profiles, 'sender');
const recipient = alias(profiles, 'recipient');

function rowsQuery(db: Db) {
  return db
    .select({
      id: messages.id,
      senderId: sender.id,
      senderUsername: sender.username,
      senderName: sender.displayName,
      recipientId: recipient.id,
      recipientUsername: recipient.username,
      recipientName: recipient.displayName,
      status: messages.status,
      amount: messages.amount,
      isFollowup: messages.isFollowup,
      content: messages.content,
      response: messages.responseContent,
      createdAt: messages.createdAt,
      respondedAt: messages.respondedAt,
      expiresAt: messages.expiresAt,
      declinedAt: messages.declinedAt,
      declineReason: messages.declineReason,
      paymentStatus: payments.status,
      earned: earnings.id,
      earningStatus: earnings.status,
      total: windowTotal(),
    })
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .innerJoin(recipient, eq(recipient.id, messages.recipientId))
    .leftJoin(payments, eq(payments.messageId, messages.id))
    .leftJoin(earnings, eq(earnings.messageId, messages.id));
}

function toRow(r: Omit<Awaited<ReturnType<ReturnType<typeof rowsQuery>['execute']>>[number], 'total'>): Row {
  const paid = isPaidRow(r);
  const held = r.paymentStatus === 'authorized' || r.paymentStatus === 'succeeded';
  return {
    id: r.id,
    sender: { id: r.senderId, username: r.senderUsername, displayName: r.senderName },
    recipient: { id: r.recipientId, username: r.recipientUsername, displayName: r.recipientName },
    status: r.status as Row['status'],
    outcome: messageOutcome({
      status: r.status,
      isFollowup: r.isFollowup,
      endedBy: endCauseOf(r),
      // Refunded after the answer: an upheld flag, or an admin's ruling (decision 0055) whose earning was
      // cancelled, reversed or netted; the payment says it for all three.
      refundedAfterAnswer: Boolean(r.earned) && r.paymentStatus === 'refunded',
    }),
    declineReason: (r.declineReason as TDeclineReason | null) ?? null,
    isFollowup: r.isFollowup,
    amountCents: r.amount,
    content: r.content,
    response: r.response,
    createdAt: r.createdAt,
    respondedAt: r.respondedAt,
    expiresAt: r.expiresAt,
    paymentStatus: r.paymentStatus,
    // A pending paid message, or an expired one whose money was never let go.
    refundable: isUnansweredRow(r) || (paid && r.status === 'refunded' && held && !r.earned),
    // An answered message whose charge went to the creator and is not yet taken back (decision 0055).
    refundableAfterAnswer:
      paid &&
      r.status === 'responded' &&
      r.paymentStatus === 'succeeded' &&
      ['pending', 'earned', 'paid_out'].includes(r.earningStatus ?? ''),
  };
}

/** spec §2 Admin Messages: stats, search by sender, recipient or content, filters, a page at a time (decision 0028), at-risk list. */
export async function listAdminMessages(
  db: Db,
  opts: TAdminPageQuery & { search?: string; filter: TAdminMessageFilter },
): Promise<Response> {
  const where: SQL[] = [];
  if (opts.filter === 'all') where.push(isVisibleToCreator());
  else where.push(FILTER[opts.filter]());
  if (opts.search) {
    const like = `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(sender.displayName, like),
      ilike(sender.username, like),
      ilike(recipient.displayName, like),
      ilike(recipient.username, like),
      ilike(messages.content, like),
    );
    if (match) where.push(match);
  }
  const { rows, page } = await readPage(opts, (limit, offset) =>
    rowsQuery(db)
      .where(and(...where))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit)
      .offset(offset),
  );

  const [stats] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      paid: sql<number>`count(*) filter (where ${isPaid()})`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${FILTER.pending()})`.mapWith(Number),
      responded: sql<number>`count(*) filter (where ${FILTER.responded()})`.mapWith(Number),
      expired: sql<number>`count(*) filter (where ${FILTER.expired()})`.mapWith(Number),
      avgSeconds: sql<
        number | null
      >`avg(extract(epoch from (${messages.respondedAt} - coalesce(${messages.paidAt}, ${messages.createdAt})))) filter (where ${FILTER.responded()} and ${isPaid()})`.mapWith(
        (v) => (v === null ? null : Number(v)),
      ),
    })
    .from(messages)
    .where(isVisibleToCreator());

  // Served by messages_sent_expires_idx: the pending paid messages closest to (or past) their deadline.
  const atRisk = await rowsQuery(db).where(isUnanswered()).orderBy(asc(messages.expiresAt)).limit(AT_RISK);

  const total = stats?.total ?? 0;
  // The rate is over paid messages only: a free follow-up stays 'sent' for good but awaits no answer.
  const paid = stats?.paid ?? 0;
  const responded = stats?.responded ?? 0;
  return {
    messages: rows.map(toRow),
    ...page,
    stats: {
      total,
      pending: stats?.pending ?? 0,
      responded,
      expired: stats?.expired ?? 0,
      responseRatePercent: paid === 0 ? 0 : Math.round((responded / paid) * 1000) / 10,
      avgResponseSeconds: stats?.avgSeconds == null ? null : Math.round(stats.avgSeconds),
    },
    atRisk: atRisk.map(toRow),
  };
}
