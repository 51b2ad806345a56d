import { and, eq } from 'drizzle-orm';
import { creatorBlocks } from '../../db/schema';
import type { AppContext } from '../../platform/context';

/**
 * Issue #13: the creator lifts a block; the fan may pay to message them again. Unblocking someone
 * not blocked changes nothing. Messages the block released stay released.
 */
export async function unblockFan(
  ctx: Pick<AppContext, 'db'>,
  opts: { creatorId: string; fanId: string },
): Promise<void> {
  await ctx.db
    .delete(creatorBlocks)
    .where(and(eq(creatorBlocks.creatorId, opts.creatorId), eq(creatorBlocks.fanId, opts.fanId)));
}
