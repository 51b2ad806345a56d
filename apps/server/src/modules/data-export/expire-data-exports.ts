import { and, eq, inArray, lte } from 'drizzle-orm';
import { dataExports } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { enqueueEffects, storageDeleteEffect } from '../outbox';

const BATCH = 100;

/**
 * The jobs loop's sweep (decision 0057): a ready export whose 7 days are over turns expired and its zip
 * is deleted from storage through the outbox (retried if the bucket fails), in the same transaction.
 */
export async function expireDataExports(ctx: Pick<AppContext, 'db' | 'clock' | 'outbox'>): Promise<number> {
  const now = ctx.clock.now();
  const keys = await ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const expired = await tx
      .update(dataExports)
      .set({ status: 'expired' })
      .where(
        and(
          inArray(
            dataExports.id,
            due.map((row) => row.id),
          ),
          eq(dataExports.status, 'ready'),
        ),
      )
      .returning({ objectKey: dataExports.objectKey });
    return enqueueEffects(
      tx,
      expired.map((row) => storageDeleteEffect(row.objectKey)),
      now,
    );
  });
  await ctx.outbox.carryOut(keys);
  return keys.length;
}
