import { and, eq, or } from 'drizzle-orm';
import { messages } from '../../db/schema';
import type { Db } from '../../platform/db';
import { isOpen } from './queries';

/**
 * The (fan, creator) pairs with open paid messages that a person sent or received (issue 41): what a
 * closing account ends, pair by pair, through the decline's locking (lockOpenMessages, endOpenMessages).
 */
export async function openPairsOf(
  tx: Db,
  opts: { userId: string; now: Date },
): Promise<{ fanId: string; creatorId: string }[]> {
  return tx
    .selectDistinct({ fanId: messages.senderId, creatorId: messages.recipientId })
    .from(messages)
    .where(and(isOpen(opts.now), or(eq(messages.senderId, opts.userId), eq(messages.recipientId, opts.userId))))
    .orderBy(messages.senderId, messages.recipientId);
}
