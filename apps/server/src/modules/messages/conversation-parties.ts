import { MESSAGE_MESSAGES } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { messages } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { isVisibleRow } from './queries';

/** Who is the fan and who the creator of the conversation a message belongs to (spec §4). */
export function directionOf(m: { senderId: string; recipientId: string; isFollowup: boolean }) {
  return m.isFollowup
    ? { fanId: m.recipientId, creatorId: m.senderId }
    : { fanId: m.senderId, creatorId: m.recipientId };
}

/**
 * The fan of the conversation holding `messageId`, when `creatorId` is its creator. A conversation
 * is one (fan, creator) direction (spec §4): a paid message goes fan → creator, a follow-up creator
 * → fan, so the message itself says who is who. Anyone else, the fan included, gets 'Message not
 * found' (spec §2), so a fan can never send a free message.
 */
export async function fanOfConversation(
  tx: Db,
  messageId: string,
  creatorId: string,
): Promise<{ fanId: string; conversationId: string }> {
  const [anchor] = await tx.select().from(messages).where(eq(messages.id, messageId));
  if (!anchor || !isVisibleRow(anchor)) throw new AppError('NOT_FOUND', MESSAGE_MESSAGES.messageNotFound);
  const { fanId, creatorId: ownerId } = directionOf(anchor);
  if (ownerId !== creatorId) throw new AppError('NOT_FOUND', MESSAGE_MESSAGES.messageNotFound);
  return { fanId, conversationId: anchor.conversationId };
}
