import { desc, eq } from 'drizzle-orm';
import { creatorBlocks, profiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';

/** Issue #13: the fans a creator has blocked, newest first, for settings → Blocked. */
export async function listBlockedFans(ctx: Pick<AppContext, 'db'>, opts: { creatorId: string }) {
  const rows = await ctx.db
    .select({
      fanId: creatorBlocks.fanId,
      username: profiles.username,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      blockedAt: creatorBlocks.createdAt,
    })
    .from(creatorBlocks)
    .innerJoin(profiles, eq(profiles.id, creatorBlocks.fanId))
    .where(eq(creatorBlocks.creatorId, opts.creatorId))
    .orderBy(desc(creatorBlocks.createdAt))
    .limit(500);
  return { blocked: rows };
}
