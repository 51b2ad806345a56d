import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { earnings, ledgerEntries, payments, payouts } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { payoutFailureAdvice, payoutFundsAdvice } from './payout-advice';
import { ACCOUNTS } from './post-transaction';

type PayoutRow = typeof payouts.$inferSelect;

/**
 * A payout as the creator sees it (decisions 0029, 0052): status, why it failed and what to do, whether it
 * waits for its funds and until when, what was reversed.
 */
export function payoutView(p: PayoutRow, reversedAmount = 0) {
  return {
    id: p.id,
    amount: p.amount,
    status: p.status,
    failureReason: p.failureReason,
    failureCode: p.failureCode,
    retryable: p.status === 'failed' && p.transferred,
    advice:
      p.status === 'failed'
        ? payoutFailureAdvice(p)
        : p.status === 'pending' && p.checkFundsAt
          ? payoutFundsAdvice(p.fundsAvailableOn)
          : null,
    waitingForFunds: p.status === 'pending' && p.checkFundsAt !== null,
    fundsAvailableOn: p.status === 'pending' ? p.fundsAvailableOn : null,
    reversedAmount,
    createdAt: p.createdAt,
  };
}

/** spec §2 payout history: newest first, a page at a time (keyset on created_at, id). */
export async function listPayouts(db: Db, creatorId: string, opts: { cursor?: string; limit: number }) {
  const after = opts.cursor ? decodeCursor(opts.cursor) : null;
  // Spelled out: inside a one-table select drizzle leaves columns unqualified, which a correlated subquery cannot use.
  // A reversed earning counts whole; a paid-out one what partial reversals took back (decision 0049).
  const reversed = sql<number>`(select coalesce(sum(case when e.status = 'reversed' then e.amount else
      (select coalesce(sum(l.amount), 0) from ${ledgerEntries} l join ${payments} p on p.id = l.payment_id
        where p.message_id = e.message_id and l.kind = 'transfer_reversal' and l.account = ${ACCOUNTS.transferReversals})
    end), 0)::int from ${earnings} e
    where e.payout_id = ${payouts}.id and e.status in ('reversed', 'paid_out'))`.mapWith(Number);
  const list = await db
    .select({ payout: payouts, reversed })
    .from(payouts)
    .where(
      and(
        eq(payouts.creatorId, creatorId),
        after
          ? or(lt(payouts.createdAt, after.at), and(eq(payouts.createdAt, after.at), lt(payouts.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(opts.limit + 1);
  const page = list.slice(0, opts.limit);
  const last = page.at(-1)?.payout;
  return {
    items: page.map((row) => payoutView(row.payout, row.reversed)),
    nextCursor: list.length > opts.limit && last ? `${last.createdAt.toISOString()}_${last.id}` : null,
  };
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  const match = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)_([0-9a-f-]{36})$/.exec(cursor);
  const at = match ? new Date(match[1] ?? '') : null;
  if (!match || !at || Number.isNaN(at.getTime())) throw new AppError('BAD_REQUEST', 'Invalid cursor.');
  return { at, id: match[2] ?? '' };
}
