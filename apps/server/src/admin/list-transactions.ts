import {
  messageOutcome,
  type TAdminPageQuery,
  type TAdminTransactionFilter,
  type TDeclineReason,
  type TMessageOutcome,
  type ZAdminTransactionsResponse,
} from '@fanline/contracts';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { ledgerEntries, messages, payments, profiles } from '../db/schema';
import { ACCOUNTS } from '../modules/ledger';
import { endCauseOf, endedBy, VISIBLE_STATUSES } from '../modules/messages';
import type { Db } from '../platform/db';
import { readPage, windowTotal } from '../platform/paging';

type Response = z.output<typeof ZAdminTransactionsResponse>;
type Status = Response['transactions'][number]['status'];

/** The spec's payment filters over our statuses (ARCHITECTURE §3a). */
const PAYMENT_FILTER = {
  succeeded: ['succeeded'],
  pending: ['pending', 'authorized'],
  failed: ['failed'],
} satisfies Record<string, Status[]>;

/**
 * Issue 36 §5: how the message ended when its money went back, by the rule Admin → Messages filters
 * with (endedBy); 'refunded' is an answered message whose money went back (an upheld flag).
 */
const OUTCOME_FILTER: Record<Exclude<TAdminTransactionFilter, 'all' | keyof typeof PAYMENT_FILTER>, () => SQL> = {
  declined: endedBy.decline,
  released: endedBy.block,
  expired: endedBy.expiry,
  refunded: () => and(eq(messages.status, 'responded'), eq(payments.status, 'refunded')) as SQL,
};

function filterWhere(filter: Exclude<TAdminTransactionFilter, 'all'>): SQL {
  return filter in PAYMENT_FILTER
    ? inArray(payments.status, PAYMENT_FILTER[filter as keyof typeof PAYMENT_FILTER])
    : OUTCOME_FILTER[filter as keyof typeof OUTCOME_FILTER]();
}

const sender = alias(profiles, 'sender');
const recipient = alias(profiles, 'recipient');

const FIELDS = {
  id: payments.id,
  senderId: sender.id,
  senderUsername: sender.username,
  senderName: sender.displayName,
  recipientId: recipient.id,
  recipientUsername: recipient.username,
  recipientName: recipient.displayName,
  status: payments.status,
  amountCents: payments.amountTotal,
  platformFeeCents: payments.amountPlatformFee,
  creatorCents: payments.amountCreator,
  commissionPercent: payments.commissionPercent,
  provider: payments.provider,
  messageId: payments.messageId,
  createdAt: payments.createdAt,
  paymentIntentId: payments.paymentIntentId,
  checkoutSessionId: payments.checkoutSessionId,
  messageStatus: messages.status,
  isFollowup: messages.isFollowup,
  declinedAt: messages.declinedAt,
  declineReason: messages.declineReason,
};

/** A payment with both parties; the list (with its total), its CSV export and View Details read through it. */
export function transactionRows(db: Db) {
  return db
    .select(FIELDS)
    .from(payments)
    .innerJoin(sender, eq(sender.id, payments.senderId))
    .innerJoin(recipient, eq(recipient.id, payments.recipientId))
    .leftJoin(messages, eq(messages.id, payments.messageId));
}

export const toTransaction = (r: Awaited<ReturnType<ReturnType<typeof transactionRows>['execute']>>[number]) => ({
  id: r.id,
  sender: { id: r.senderId, username: r.senderUsername, displayName: r.senderName },
  recipient: { id: r.recipientId, username: r.recipientUsername, displayName: r.recipientName },
  status: r.status,
  outcome: outcomeOf(r),
  declineReason: (r.declineReason as TDeclineReason | null) ?? null,
  amountCents: r.amountCents,
  platformFeeCents: r.platformFeeCents,
  creatorCents: r.creatorCents,
  commissionPercent: r.commissionPercent,
  provider: r.provider,
  messageId: r.messageId,
  createdAt: r.createdAt,
});

/** The message's outcome, once its checkout was paid (issue 36 §5); the same rule as Admin → Messages. */
function outcomeOf(r: {
  status: Status;
  messageStatus: (typeof messages.$inferSelect)['status'] | null;
  isFollowup: boolean | null;
  declinedAt: Date | null;
  declineReason: string | null;
}): TMessageOutcome | null {
  if (r.messageStatus === null || r.status === 'pending' || r.status === 'failed') return null;
  if (!(VISIBLE_STATUSES as readonly string[]).includes(r.messageStatus)) return null;
  return messageOutcome({
    status: r.messageStatus,
    isFollowup: r.isFollowup ?? false,
    endedBy: endCauseOf({ status: r.messageStatus, declinedAt: r.declinedAt, declineReason: r.declineReason }),
    refundedAfterAnswer: r.status === 'refunded',
  });
}

export function transactionWhere(opts: { search?: string; filter: TAdminTransactionFilter }): SQL | undefined {
  const where: SQL[] = [];
  if (opts.filter !== 'all') where.push(filterWhere(opts.filter));
  if (opts.search) {
    const like = `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(sender.displayName, like),
      ilike(sender.username, like),
      ilike(recipient.displayName, like),
      ilike(recipient.username, like),
      sql`${payments.id}::text = ${opts.search.toLowerCase()}`,
    );
    if (match) where.push(match);
  }
  return where.length ? and(...where) : undefined;
}

/**
 * spec §2 Admin Transactions. The money figures are sums over the ledger (ARCHITECTURE §8): revenue
 * is what captures took out of sender_hold, fees what platform_revenue holds (net of the card
 * processor's fees, decision 0056, shown beside it), creators the rest.
 */
export async function listTransactions(
  db: Db,
  opts: TAdminPageQuery & { search?: string; filter: TAdminTransactionFilter; now: Date },
): Promise<Response> {
  // The page carries the filtered total; the CSV export reads the same rows without it, in batches.
  const { rows, page } = await readPage(opts, (limit, offset) =>
    db
      .select({ ...FIELDS, total: windowTotal() })
      .from(payments)
      .innerJoin(sender, eq(sender.id, payments.senderId))
      .innerJoin(recipient, eq(recipient.id, payments.recipientId))
      .leftJoin(messages, eq(messages.id, payments.messageId))
      .where(transactionWhere(opts))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit)
      .offset(offset),
  );

  const [captured] = await db
    .select({
      cents: sql<number>`coalesce(-sum(${ledgerEntries.amount}), 0)`.mapWith(Number),
      n: count(),
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, ACCOUNTS.senderHold), eq(ledgerEntries.kind, 'capture')));
  // Growth: captured money this calendar month (UTC) against last month, from the same ledger legs.
  const thisMonth = new Date(Date.UTC(opts.now.getUTCFullYear(), opts.now.getUTCMonth(), 1));
  const lastMonth = new Date(Date.UTC(opts.now.getUTCFullYear(), opts.now.getUTCMonth() - 1, 1));
  const [months] = await db
    .select({
      current:
        sql<number>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.createdAt} >= ${thisMonth}), 0)`.mapWith(
          Number,
        ),
      previous:
        sql<number>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.createdAt} < ${thisMonth}), 0)`.mapWith(
          Number,
        ),
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.account, ACCOUNTS.senderHold),
        eq(ledgerEntries.kind, 'capture'),
        gte(ledgerEntries.createdAt, lastMonth),
        lt(ledgerEntries.createdAt, new Date(Date.UTC(opts.now.getUTCFullYear(), opts.now.getUTCMonth() + 1, 1))),
      ),
    );
  const [fees] = await db
    .select({
      cents:
        sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = ${ACCOUNTS.platformRevenue}), 0)`.mapWith(
          Number,
        ),
      processing:
        sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = ${ACCOUNTS.processingFees}), 0)`.mapWith(
          Number,
        ),
    })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.account, [ACCOUNTS.platformRevenue, ACCOUNTS.processingFees]));
  const [volume] = await db.select({ n: count() }).from(payments);

  const total = captured?.cents ?? 0;
  const n = captured?.n ?? 0;
  const feeCents = fees?.cents ?? 0;
  const processingCents = fees?.processing ?? 0;
  return {
    transactions: rows.map(toTransaction),
    ...page,
    stats: {
      totalRevenueCents: total,
      growthPercent: growthPercent(months?.current ?? 0, months?.previous ?? 0),
      platformFeesCents: feeCents,
      platformFeesPercent: total === 0 ? 0 : Math.round((feeCents / total) * 1000) / 10,
      processingFeesCents: processingCents,
      // The processor's fees came out of the platform's share, not the creators'.
      creatorEarningsCents: total - feeCents - processingCents,
      capturedCount: n,
      averageTransactionCents: n === 0 ? 0 : Math.round(total / n),
      transactionVolume: volume?.n ?? 0,
    },
  };
}

/** Month-over-month change in percent, one decimal; null when last month is 0 (nothing to compare with). */
export function growthPercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
