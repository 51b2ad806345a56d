import { DATA_EXPORT_MESSAGES } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { dataExports, profiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { isExpired } from './data-export-state';

/**
 * The zip, for its owner only (decision 0057): anyone else gets the same 404 as for an id that does not
 * exist (no probing, admins included: an export is the person's own copy). An expired one is refused
 * with LINK_EXPIRED and a sentence saying what to do; one still being built with 409.
 */
export async function readDataExport(
  ctx: Pick<AppContext, 'db' | 'clock' | 'storage'>,
  opts: { id: string; viewerId: string },
) {
  const [row] = await ctx.db
    .select({ export: dataExports, username: profiles.username })
    .from(dataExports)
    .innerJoin(profiles, eq(profiles.id, dataExports.userId))
    .where(eq(dataExports.id, opts.id));
  if (!row || row.export.userId !== opts.viewerId) throw new AppError('NOT_FOUND', DATA_EXPORT_MESSAGES.notFound);
  if (isExpired(row.export, ctx.clock.now())) throw new AppError('LINK_EXPIRED', DATA_EXPORT_MESSAGES.linkExpired);
  if (row.export.status !== 'ready') throw new AppError('CONFLICT', DATA_EXPORT_MESSAGES.alreadyPreparing);
  const object = await ctx.storage.get(row.export.objectKey);
  if (!object) throw new AppError('NOT_FOUND', DATA_EXPORT_MESSAGES.notFound);
  const day = (row.export.readyAt ?? row.export.createdAt).toISOString().slice(0, 10);
  return { stream: object.body, bytes: object.bytes, fileName: `fanline-data-${row.username}-${day}.zip` };
}
