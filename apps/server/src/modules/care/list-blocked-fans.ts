import { desc, eq } from 'drizzle-orm';
import { creatorBlocks, profiles } from '../../db/schema';
import type { Db } from '../../platform/db';

/** Issue #13: the fans a creator has blocked, newest first, for settings → Blocked. */
export async function listBlockedFans(db: Db, creatorId: string) {
  const rows = await db
    .select({
      fanId: creatorBlocks.fanId,
      username: profiles.username,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      blockedAt: creatorBlocks.createdAt,
    })
    .from(creatorBlocks)
    .innerJoin(profiles, eq(profiles.id, creatorBlocks.fanId))
    .where(eq(creatorBlocks.creatorId, creatorId))
    .orderBy(desc(creatorBlocks.createdAt))
    .limit(500);
  return { blocked: rows };
}
