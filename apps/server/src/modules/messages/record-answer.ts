import { randomUUID } from 'node:crypto';
import { MESSAGE_MESSAGES } from '@fanline/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { messages } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { fanOfConversation } from './conversation-parties';
import { isOpen, isOpenRow, unansweredFromFan } from './queries';
import { refreshResponseRate } from './response-rate';

/**
 * The messages' side of a creator's answer (spec §4), inside the caller's transaction: every
 * unanswered paid message of that fan to this creator is answered (ARCHITECTURE §7 for follow-ups). The
 * open messages are locked first, then their deadline is compared, so a reply and the expiry job racing
 * on them end in exactly one outcome: a message past its deadline is never answered (and never
 * charged). A response sits on the newest message it answers; a follow-up is a message of its own.
 * Returns what was answered and where the reply's images belong. The flow that calls it
 * (flows/answer-conversation.ts) captures the payments of `answeredIds` once this commits.
 */
export async function recordAnswer(
  tx: Db,
  opts: { creatorId: string; messageId: string; content: string; kind: 'response' | 'followup'; now: Date },
): Promise<{
  fanId: string;
  conversationId: string;
  answeredIds: string[];
  answerId: string;
  part: 'response' | 'message';
}> {
  const { now } = opts;
  const { fanId, conversationId } = await fanOfConversation(tx, opts.messageId, opts.creatorId);
  const open = await tx
    .select({
      id: messages.id,
      status: messages.status,
      amount: messages.amount,
      isFollowup: messages.isFollowup,
      expiresAt: messages.expiresAt,
    })
    .from(messages)
    .where(unansweredFromFan(fanId, opts.creatorId))
    .orderBy(desc(messages.createdAt))
    .for('update');
  // Locked first, then the deadline is compared: one past it is never answered (and never charged).
  const live = open.filter((m) => isOpenRow(m, now));
  if (opts.kind === 'response' && live.length === 0) {
    if (open.length > 0) throw new AppError('MESSAGE_EXPIRED', MESSAGE_MESSAGES.expired);
    throw new AppError('CONFLICT', 'There is no unanswered message to respond to.');
  }
  const answeredIds = live.map((m) => m.id);
  if (answeredIds.length > 0) {
    await tx
      .update(messages)
      .set({ status: 'responded', respondedAt: now, updatedAt: now })
      .where(and(inArray(messages.id, answeredIds), isOpen(now)));
  }
  const newest = live[0]?.id;
  let answer: { answerId: string; part: 'response' | 'message' };
  if (opts.kind === 'response' && newest) {
    // The reply text sits on the newest message it answers; the thread shows it as its own item.
    await tx.update(messages).set({ responseContent: opts.content }).where(eq(messages.id, newest));
    answer = { answerId: newest, part: 'response' };
  } else {
    const answerId = randomUUID();
    await tx.insert(messages).values({
      id: answerId,
      conversationId,
      senderId: opts.creatorId,
      recipientId: fanId,
      content: opts.content,
      amount: 0,
      isFollowup: true,
      status: 'sent',
      createdAt: now,
      updatedAt: now,
    });
    answer = { answerId, part: 'message' };
  }
  if (answeredIds.length > 0) await refreshResponseRate(tx, opts.creatorId);
  return { fanId, conversationId, answeredIds, ...answer };
}
