import { eq } from 'drizzle-orm';
import { messageAttachments, messages } from '../../db/schema';
import { isActiveAdmin } from '../../platform/auth-guard';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { attachmentKey, isValidKey } from '../../platform/storage';

/**
 * An image for its uploader, the two parties of the message it was sent with, and admins; anyone
 * else gets the same 404 as for an id that does not exist (no probing).
 */
export async function readAttachment(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'storage'>,
  opts: { id: string; viewerId: string },
) {
  const [row] = await ctx.db
    .select({ attachment: messageAttachments, senderId: messages.senderId, recipientId: messages.recipientId })
    .from(messageAttachments)
    .leftJoin(messages, eq(messages.id, messageAttachments.messageId))
    .where(eq(messageAttachments.id, opts.id));
  const allowed =
    row &&
    (row.attachment.ownerId === opts.viewerId ||
      row.senderId === opts.viewerId ||
      row.recipientId === opts.viewerId ||
      (await isActiveAdmin(ctx, opts.viewerId)));
  if (!row || !allowed) throw new AppError('NOT_FOUND', 'Image not found');
  const key = attachmentKey(row.attachment.fileName);
  const object = isValidKey(key) ? await ctx.storage.get(key) : null;
  if (!object) throw new AppError('NOT_FOUND', 'Image not found');
  return { stream: object.body, bytes: object.bytes };
}
