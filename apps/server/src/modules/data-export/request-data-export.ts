import { randomBytes } from 'node:crypto';
import { DATA_EXPORT_MESSAGES, type TDataExportState } from '@fanline/contracts';
import { dataExports } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { exportKey } from '../../platform/storage';
import { enqueueEffects } from '../outbox';
import { dataExportBuildEffect } from './build-data-export';
import { stateOf } from './data-export-state';

/**
 * "Download my data" (issue 41 point 1, decision 0057): writes the export's row and its build effect in
 * one transaction, then has the outbox build it. One export in preparation per person: the partial
 * unique index refuses a second while the first is built (two requests at once included), with 409.
 * The object key is chosen here, random (it names nothing of the person), so a build that runs twice
 * writes the same object.
 */
export async function requestDataExport(
  ctx: Pick<AppContext, 'db' | 'clock' | 'outbox'>,
  opts: { userId: string },
): Promise<TDataExportState> {
  const now = ctx.clock.now();
  const { row, keys } = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(dataExports)
      .values({ userId: opts.userId, objectKey: exportKey(`${randomBytes(24).toString('hex')}.zip`), createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return { row: null, keys: [] };
    return { row: inserted, keys: await enqueueEffects(tx, [dataExportBuildEffect(inserted.id)], now) };
  });
  if (!row) throw new AppError('CONFLICT', DATA_EXPORT_MESSAGES.alreadyPreparing);
  await ctx.outbox.carryOut(keys);
  return stateOf(ctx, opts.userId);
}
