import { eq } from 'drizzle-orm';
import { dataExports } from '../../db/schema';
import type { Db } from '../../platform/db';
import { enqueueEffects, storageDeleteEffect } from '../outbox';

/**
 * Erasure (decisions 0057, 0058): a closed account's copies of its data go with it. The rows now, and
 * every zip (ready, expired, or still being prepared) through the outbox's storage-delete effect after
 * the commit: a zip holds the very email, names and pictures erasure removes. Returns the outbox keys.
 */
export async function eraseDataExports(tx: Db, opts: { userId: string; now: Date }): Promise<string[]> {
  const removed = await tx
    .delete(dataExports)
    .where(eq(dataExports.userId, opts.userId))
    .returning({ objectKey: dataExports.objectKey });
  return enqueueEffects(
    tx,
    removed.map(({ objectKey }) => storageDeleteEffect(objectKey)),
    opts.now,
  );
}
