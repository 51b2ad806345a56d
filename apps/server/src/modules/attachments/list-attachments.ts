import { asc, inArray } from 'drizzle-orm';
import { messageAttachments } from '../../db/schema';
import type { Db } from '../../platform/db';
import { toAttachment } from './store-attachment';

/** The images of a thread's messages in one query, by message id (the message's, then its response's; oldest first). */
export async function attachmentsByMessage(db: Db, messageIds: readonly string[]) {
  const byMessage = new Map<string, ReturnType<typeof toAttachment>[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, [...messageIds]))
    .orderBy(asc(messageAttachments.part), asc(messageAttachments.createdAt), asc(messageAttachments.id));
  for (const row of rows) {
    if (!row.messageId) continue;
    const list = byMessage.get(row.messageId) ?? [];
    list.push(toAttachment(row));
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}
