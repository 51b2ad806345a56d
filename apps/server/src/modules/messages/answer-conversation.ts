import { randomUUID } from 'node:crypto';
import { MESSAGE_MESSAGES } from '@fanline/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { messages, profiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { claimAttachments } from '../attachments';
import { mailFanAboutReply } from '../fans';
import { createNotification } from '../notifications';
import { capturePayment, paymentIdsForMessages } from '../payments';
import { announceMessageChange } from '../realtime';
import { fanOfConversation } from './conversation-parties';
import { isOpen, isOpenRow, unansweredFromFan } from './queries';
import { refreshResponseRate } from './response-rate';

/**
 * A creator answers a conversation, with a response or a free follow-up (spec §4). Either way every
 * unanswered paid message of that fan to this creator is answered (spec §4; ARCHITECTURE §7 for
 * follow-ups), and their payments are captured. The open messages are locked first, so a reply and
 * the expiry job racing on them end in exactly one outcome: a message past its deadline is never
 * answered (and so never charged).
 */
export async function answerConversation(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log'>,
  opts: {
    creatorId: string;
    messageId: string;
    content: string;
    kind: 'response' | 'followup';
    attachmentIds?: readonly string[];
  },
) {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
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
    const ids = live.map((m) => m.id);
    if (ids.length > 0) {
      await tx
        .update(messages)
        .set({ status: 'responded', respondedAt: now, updatedAt: now })
        .where(and(inArray(messages.id, ids), isOpen(now)));
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
    const paymentIds = await paymentIdsForMessages(tx, ids);
    return {
      fanId,
      notificationId,
      paymentIds,
      answerId: answerId ?? opts.messageId,
      conversationId,
    };
  });

  await announceMessageChange(ctx, {
    notify: { userId: result.fanId, notificationId: result.notificationId },
    participants: [result.fanId, opts.creatorId],
    messageId: result.answerId,
    conversationId: result.conversationId,
    status: 'responded',
  });
  await mailFanAboutReply(ctx, {
    fanId: result.fanId,
    creatorId: opts.creatorId,
    messageId: result.answerId,
    reply: opts.content,
    kind: opts.kind,
  });
  for (const paymentId of result.paymentIds) {
    try {
      await capturePayment(ctx, { paymentId });
    } catch (error) {
      // The answer stands; the reconciler retries the capture.
      ctx.log.error({ err: error, paymentId }, 'capture failed after a reply; the reconciler will retry');
    }
  }
  return { messageId: result.answerId };
}
