import { and, inArray, isNull, lt, or } from 'drizzle-orm';
import { messageAttachments, messages } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { attachmentKey } from '../../platform/storage';
import { enqueueEffects, storageDeleteEffect } from '../outbox';

/** How long an upload may wait to be sent before the jobs loop removes it. */
export const ORPHAN_AFTER_MS = 24 * 3_600_000;

/**
 * Removes uploads never sent with anything (or only with a checkout that was given up) a day after
 * they were made: the rows, and their files through the outbox. A file that is already gone is fine.
 */
export async function pruneOrphanAttachments(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'storage' | 'outbox'>,
): Promise<number> {
  const now = ctx.clock.now();
  const before = new Date(now.getTime() - ORPHAN_AFTER_MS);
  // The rows go with one storage-delete outbox row per file (decision 0039): a failing bucket is
  // retried instead of orphaning the file for good.
  const { count, keys } = await ctx.db.transaction(async (tx) => {
    const removed = await tx
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
    const effects = removed.map(({ fileName }) => storageDeleteEffect(attachmentKey(fileName)));
    return { count: removed.length, keys: await enqueueEffects(tx, effects, now) };
  });
  await ctx.outbox.carryOut(keys);
  return count;
}
