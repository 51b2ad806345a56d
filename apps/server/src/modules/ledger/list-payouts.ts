import { and, desc, eq, lt, or } from 'drizzle-orm';
import { payouts } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

/** spec §2 payout history: newest first, a page at a time (keyset on created_at, id). */
export async function listPayouts(db: Db, creatorId: string, opts: { cursor?: string; limit: number }) {
  const after = opts.cursor ? decodeCursor(opts.cursor) : null;
  const list = await db
    .select({
      id: payouts.id,
      amount: payouts.amount,
      status: payouts.status,
      failureReason: payouts.failureReason,
      createdAt: payouts.createdAt,
    })
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
  const last = page.at(-1);
  return {
    items: page.map((p) => ({ ...p, status: p.status as 'pending' | 'completed' | 'failed' })),
    nextCursor: list.length > opts.limit && last ? `${last.createdAt.toISOString()}_${last.id}` : null,
  };
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  const match = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)_([0-9a-f-]{36})$/.exec(cursor);
  const at = match ? new Date(match[1] ?? '') : null;
  if (!match || !at || Number.isNaN(at.getTime())) throw new AppError('BAD_REQUEST', 'Invalid cursor.');
  return { at, id: match[2] ?? '' };
}
