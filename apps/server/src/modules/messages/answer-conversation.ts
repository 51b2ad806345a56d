import { randomUUID } from 'node:crypto';
import { MESSAGE_MESSAGES } from '@fanline/contracts';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages, payments, profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { claimAttachments } from '../attachments';
import { mailFanAboutReply } from '../fans';
import { createNotification } from '../notifications';
import { settlePayment } from '../payments/settle-payment';
import { announceMessageChange } from '../realtime';
import { refreshResponseRate } from './response-rate';

/**
 * A creator answers a conversation, with a response or a free follow-up (spec §4). Either way every
 * unanswered paid message of that fan to this creator is answered (spec §4; ARCHITECTURE §7 for
 * follow-ups), and their payments are captured. The open messages are locked first, so a reply and
 * the expiry job racing on them end in exactly one outcome: a message past its deadline is never
 * answered (and so never charged).
 */
export async function answerConversation(
  app: FastifyInstance,
  opts: {
    creatorId: string;
    messageId: string;
    content: string;
    kind: 'response' | 'followup';
    attachmentIds?: readonly string[];
  },
) {
  const now = app.clock.now();
  const result = await app.db.transaction(async (tx) => {
    const { fanId, conversationId } = await fanOfConversation(tx, opts.messageId, opts.creatorId);
    const open = await tx
      .select({ id: messages.id, expiresAt: messages.expiresAt, conversationId: messages.conversationId })
      .from(messages)
      .where(openPaidMessages(fanId, opts.creatorId))
      .orderBy(desc(messages.createdAt))
      .for('update');
    const live = open.filter((m) => m.expiresAt && m.expiresAt.getTime() > now.getTime());
    if (opts.kind === 'response' && live.length === 0) {
      throw new AppError(
        'CONFLICT',
        open.length > 0 ? MESSAGE_MESSAGES.expired : 'There is no unanswered message to respond to.',
      );
    }
    const ids = live.map((m) => m.id);
    if (ids.length > 0) {
      await tx
        .update(messages)
        .set({ status: 'responded', respondedAt: now, updatedAt: now })
        .where(and(inArray(messages.id, ids), eq(messages.status, 'sent'), gt(messages.expiresAt, now)));
    }
    let answerId = live[0]?.id;
    if (opts.kind === 'response' && answerId) {
      // The reply text sits on the newest message it answers; the thread shows it as its own item.
      await tx.update(messages).set({ responseContent: opts.content }).where(eq(messages.id, answerId));
      await claimAttachments(tx, {
        ownerId: opts.creatorId,
        ids: opts.attachmentIds,
        messageId: answerId,
        part: 'response',
      });
    } else {
      answerId = randomUUID();
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
      await claimAttachments(tx, {
        ownerId: opts.creatorId,
        ids: opts.attachmentIds,
        messageId: answerId,
        part: 'message',
      });
    }
    if (ids.length > 0) await refreshResponseRate(tx, opts.creatorId);
    const [creator] = await tx
      .select({ displayName: profiles.displayName, username: profiles.username })
      .from(profiles)
      .where(eq(profiles.id, opts.creatorId));
    const notificationId = await createNotification(tx, {
      userId: fanId,
      type: 'message_response',
      title: `${creator?.displayName ?? creator?.username ?? 'A creator'} replied`,
      body: opts.content,
      messageId: answerId ?? opts.messageId,
      now,
    });
    const paymentIds = ids.length
      ? (await tx.select({ id: payments.id }).from(payments).where(inArray(payments.messageId, ids))).map((p) => p.id)
      : [];
    return {
      fanId,
      notificationId,
      paymentIds,
      answerId: answerId ?? opts.messageId,
      conversationId,
    };
  });

  await announceMessageChange(app, {
    notify: { userId: result.fanId, notificationId: result.notificationId },
    participants: [result.fanId, opts.creatorId],
    messageId: result.answerId,
    conversationId: result.conversationId,
    status: 'responded',
  });
  await mailFanAboutReply(app, {
    fanId: result.fanId,
    creatorId: opts.creatorId,
    messageId: result.answerId,
    reply: opts.content,
    kind: opts.kind,
  });
  for (const paymentId of result.paymentIds) {
    try {
      await settlePayment(app, paymentId);
    } catch (error) {
      // The answer stands; the reconciler retries the capture.
      app.log.error({ err: error, paymentId }, 'capture failed after a reply; the reconciler will retry');
    }
  }
  return { messageId: result.answerId };
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
  if (!anchor || anchor.status === 'pending' || anchor.status === 'cancelled') {
    throw new AppError('NOT_FOUND', MESSAGE_MESSAGES.messageNotFound);
  }
  const { fanId, creatorId: ownerId } = directionOf(anchor);
  if (ownerId !== creatorId) throw new AppError('NOT_FOUND', MESSAGE_MESSAGES.messageNotFound);
  return { fanId, conversationId: anchor.conversationId };
}

/** Who is the fan and who the creator of the conversation a message belongs to (spec §4). */
export function directionOf(m: { senderId: string; recipientId: string; isFollowup: boolean }) {
  return m.isFollowup
    ? { fanId: m.recipientId, creatorId: m.senderId }
    : { fanId: m.senderId, creatorId: m.recipientId };
}

export function openPaidMessages(fanId: string, creatorId: string) {
  return and(
    eq(messages.senderId, fanId),
    eq(messages.recipientId, creatorId),
    eq(messages.status, 'sent'),
    eq(messages.isFollowup, false),
    gt(messages.amount, 0),
  );
}
