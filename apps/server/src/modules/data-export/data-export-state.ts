import type { TDataExportState } from '@fanline/contracts';
import { desc, eq } from 'drizzle-orm';
import { dataExports } from '../../db/schema';
import type { AppContext } from '../../platform/context';

export const downloadPath = (exportId: string) => `/api/me/data-export/${exportId}/download`;

/** A ready export whose week is over is expired, whether or not the jobs loop has swept it yet. */
export function isExpired(row: { status: string; expiresAt: Date | null }, now: Date): boolean {
  return row.status === 'expired' || (row.status === 'ready' && (!row.expiresAt || row.expiresAt <= now));
}

/** The person's latest export as the settings page shows it: preparing, ready (with its link) or expired. */
export async function stateOf(ctx: Pick<AppContext, 'db' | 'clock'>, userId: string): Promise<TDataExportState> {
  const [row] = await ctx.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  if (!row) return { status: 'none' };
  const status = isExpired(row, ctx.clock.now()) ? 'expired' : row.status;
  return {
    status,
    id: row.id,
    requestedAt: row.createdAt,
    readyAt: row.readyAt,
    expiresAt: row.expiresAt,
    bytes: row.bytes,
    downloadUrl: status === 'ready' ? downloadPath(row.id) : null,
  };
}
