import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { messageAttachments, messages } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { isHiddenFromCreator } from '../messages';

const NOT_YOURS = 'An image could not be found. Upload it again.';

/**
 * Uploads of `ownerId` still free to send: never attached, or attached to one of the owner's own
 * checkouts that was never paid (a fan who left the card form and tries again keeps the images).
 */
const claimable = (db: Db, ownerId: string) =>
  and(
    eq(messageAttachments.ownerId, ownerId),
    or(
      isNull(messageAttachments.messageId),
      inArray(
        messageAttachments.messageId,
        db
          .select({ id: messages.id })
          .from(messages)
          .where(and(eq(messages.senderId, ownerId), isHiddenFromCreator())),
      ),
    ),
  );

/** Refuses (400) unless every id is an upload of `ownerId` still free to send. Call before the send. */
export async function checkPendingAttachments(db: Db, ownerId: string, ids: readonly string[] | undefined) {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: messageAttachments.id })
    .from(messageAttachments)
    .where(and(inArray(messageAttachments.id, unique), claimable(db, ownerId)));
  if (rows.length !== unique.length) throw new AppError('BAD_REQUEST', NOT_YOURS, { attachmentIds: NOT_YOURS });
  return unique;
}

/**
 * Attaches the owner's pending uploads to a message (part 'message') or its response. Only rows still
 * claimable and owned by `ownerId` move, so a second claim of the same ids attaches nothing; the count
 * must match or the caller's transaction is rolled back with a 400.
 */
export async function claimAttachments(
  db: Db,
  opts: { ownerId: string; ids: readonly string[] | undefined; messageId: string; part: 'message' | 'response' },
): Promise<void> {
  const unique = [...new Set(opts.ids ?? [])];
  if (unique.length === 0) return;
  const claimed = await db
    .update(messageAttachments)
    .set({ messageId: opts.messageId, part: opts.part })
    .where(and(inArray(messageAttachments.id, unique), claimable(db, opts.ownerId)))
    .returning({ id: messageAttachments.id });
  if (claimed.length !== unique.length) throw new AppError('BAD_REQUEST', NOT_YOURS, { attachmentIds: NOT_YOURS });
}
