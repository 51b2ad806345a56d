import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { dataExports, profiles, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { dataExportReadyMail, renderMail } from '../../platform/mail';
import { defineEffect } from '../outbox';

/**
 * The "your data is ready" mail (decision 0057): an account mail, like a password reset, so it has no
 * unsubscribe switch. The row names the export, not an address: the handler reads the owner's address
 * when it sends. The link opens the settings page where the export was asked for, which offers the
 * download to its owner once signed in.
 */
export const dataExportMailDefinition = defineEffect('data-export-mail', z.object({ exportId: z.uuid() }));

export const dataExportMailEffect = (exportId: string) =>
  dataExportMailDefinition.make(`data-export-mail:${exportId}`, { exportId });

/** Where a person asks for and downloads their data: the creator's settings, or the fan's Edit Profile. */
export const dataExportPagePath = (isCreator: boolean) =>
  isCreator ? '/dashboard/settings?tab=security' : '/profile?tab=security';

export async function mailDataExport(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer'>,
  payload: { exportId: string },
): Promise<void> {
  const [row] = await ctx.db
    .select({ email: users.email, isCreator: profiles.isCreator, expiresAt: dataExports.expiresAt })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.userId))
    .innerJoin(profiles, eq(profiles.id, dataExports.userId))
    .where(eq(dataExports.id, payload.exportId));
  if (!row?.expiresAt) return;
  const { publicUrl } = ctx.config;
  const content = dataExportReadyMail({
    link: `${publicUrl}${dataExportPagePath(row.isCreator)}`,
    expiresAt: row.expiresAt,
  });
  await ctx.mailer.send({ kind: 'data-export', to: row.email, ...(await renderMail(content, { publicUrl })) });
}
