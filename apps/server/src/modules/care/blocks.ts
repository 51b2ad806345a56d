import { and, eq } from 'drizzle-orm';
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
