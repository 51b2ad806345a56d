import { ne, sql } from 'drizzle-orm';
import { outbox } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * How far behind the outbox is at `now` (the metrics' outbox lag, decision 0033): when the oldest due
 * effect was due, how many are due, and how many died after their attempts. One query over the rows
 * that are not done.
 */
export async function outboxBacklog(
  db: Db,
  now: Date,
): Promise<{ oldestDueAt: Date | null; due: number; dead: number }> {
  const due = sql`${outbox.status} = 'pending' and ${outbox.runAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      oldestDueAt: sql<string | null>`min(${outbox.runAt}) filter (where ${due})`,
      due: sql<number>`count(*) filter (where ${due})::int`,
      dead: sql<number>`count(*) filter (where ${outbox.status} = 'dead')::int`,
    })
    .from(outbox)
    .where(ne(outbox.status, 'done'));
  const oldest = row?.oldestDueAt;
  return { oldestDueAt: oldest ? new Date(oldest) : null, due: Number(row?.due ?? 0), dead: Number(row?.dead ?? 0) };
}
