import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { creatorBlocks } from '../../db/schema';

/**
 * Issue #13: the creator lifts a block; the fan may pay to message them again. Unblocking someone
 * not blocked changes nothing. Messages the block released stay released.
 */
export async function unblockFan(app: FastifyInstance, opts: { creatorId: string; fanId: string }): Promise<void> {
  await app.db
    .delete(creatorBlocks)
    .where(and(eq(creatorBlocks.creatorId, opts.creatorId), eq(creatorBlocks.fanId, opts.fanId)));
}
