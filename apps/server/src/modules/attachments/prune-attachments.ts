import { and, inArray, isNull, lt, or } from 'drizzle-orm';
import { messageAttachments, messages } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { attachmentKey } from '../../platform/storage';

/** How long an upload may wait to be sent before the jobs loop removes it. */
export const ORPHAN_AFTER_MS = 24 * 3_600_000;

/**
 * Removes uploads never sent with anything (or only with a checkout that was given up) a day after
 * they were made: the rows, then their files. A file that is already gone is fine.
 */
export async function pruneOrphanAttachments(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'storage'>,
): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - ORPHAN_AFTER_MS);
  const removed = await ctx.db
    .delete(messageAttachments)
    .where(
      and(
        lt(messageAttachments.createdAt, before),
        or(
          isNull(messageAttachments.messageId),
          inArray(
            messageAttachments.messageId,
            ctx.db
              .select({ id: messages.id })
              .from(messages)
              .where(inArray(messages.status, ['cancelled'])),
          ),
        ),
      ),
    )
    .returning({ fileName: messageAttachments.fileName });
  for (const { fileName } of removed) {
    await ctx.storage.delete(attachmentKey(fileName)).catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'could not remove an orphaned attachment file');
    });
  }
  return removed.length;
}
