import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { creatorBlocks } from '../../db/schema';
import type { Db } from '../../platform/db';

/** Issue #13: has this creator blocked this fan? (primary-key probe) */
export async function isBlocked(db: Db, creatorId: string, fanId: string): Promise<boolean> {
  const [row] = await db
    .select({ creatorId: creatorBlocks.creatorId })
    .from(creatorBlocks)
    .where(and(eq(creatorBlocks.creatorId, creatorId), eq(creatorBlocks.fanId, fanId)));
  return Boolean(row);
}

/**
 * The same question as a condition inside another statement, so a caller that already writes after
 * locking the creator's row asks it without a round trip of its own (issue 14: SSE delivery). Only in
 * a statement that STARTS after that lock: under READ COMMITTED a statement's subqueries read the
 * snapshot taken when it started, so inside the locking SELECT itself it would miss a block committed
 * while the lock was awaited (decision 0017 §10).
 */
export function isBlockedSql(creatorId: string | Placeholder, fanId: string | Placeholder): SQL {
  return sql`exists (select 1 from ${creatorBlocks} where ${creatorBlocks.creatorId} = ${creatorId} and ${creatorBlocks.fanId} = ${fanId})`;
}

/** Records that the creator blocks the fan; twice is the same as once (flows/block-fan.ts). */
export async function recordBlock(tx: Db, opts: { creatorId: string; fanId: string; now: Date }): Promise<void> {
  await tx
    .insert(creatorBlocks)
    .values({ creatorId: opts.creatorId, fanId: opts.fanId, createdAt: opts.now })
    .onConflictDoNothing();
}
