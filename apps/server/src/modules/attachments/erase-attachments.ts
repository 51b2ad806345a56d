import { eq } from 'drizzle-orm';
import { messageAttachments } from '../../db/schema';
import type { Db } from '../../platform/db';
import { attachmentKey } from '../../platform/storage';
import { enqueueEffects, storageDeleteEffect } from '../outbox';

/**
 * Erasure (decision 0058): the images the person uploaded, sent or not, go: the rows now, the files
 * through the outbox's storage-delete effect (decision 0039) after the commit. The conversation keeps
 * its text; the other party sees the message without its pictures. Returns the outbox keys.
 */
export async function eraseAttachments(tx: Db, opts: { ownerId: string; now: Date }): Promise<string[]> {
  const removed = await tx
    .delete(messageAttachments)
    .where(eq(messageAttachments.ownerId, opts.ownerId))
    .returning({ fileName: messageAttachments.fileName });
  return enqueueEffects(
    tx,
    removed.map(({ fileName }) => storageDeleteEffect(attachmentKey(fileName))),
    opts.now,
  );
}
