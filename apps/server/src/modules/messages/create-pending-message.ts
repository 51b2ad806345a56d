import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { messages } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * A paid message as checkout starts it (spec §7 create-checkout-session): `pending`, so the creator
 * cannot see it until its payment is confirmed (queries.ts#isVisibleToCreator). Runs inside the
 * checkout's transaction; returns the new message's id.
 */
export async function createPendingMessage(
  tx: Db,
  opts: { senderId: string; recipientId: string; content: string; amount: number; now: Date },
): Promise<string> {
  const messageId = randomUUID();
  await tx.insert(messages).values({
    id: messageId,
    conversationId: (await existingConversation(tx, opts.senderId, opts.recipientId)) ?? messageId,
    senderId: opts.senderId,
    recipientId: opts.recipientId,
    content: opts.content,
    amount: opts.amount,
    status: 'pending',
    createdAt: opts.now,
    updatedAt: opts.now,
  });
  return messageId;
}

/**
 * spec §4: a new message joins the oldest conversation of this (fan, creator) direction, or starts
 * its own. A conversation's id is its first message's id, so the direction is that message's. Two
 * creators who message each other have one conversation per direction, each answered by its
 * recipient (security review M4).
 */
async function existingConversation(tx: Db, fanId: string, creatorId: string): Promise<string | null> {
  const [row] = await tx
    .select({ conversationId: messages.conversationId })
    .from(messages)
    .where(
      and(
        eq(messages.senderId, fanId),
        eq(messages.recipientId, creatorId),
        eq(messages.isFollowup, false),
        eq(messages.id, messages.conversationId),
      ),
    )
    .orderBy(asc(messages.createdAt))
    .limit(1);
  return row?.conversationId ?? null;
}
