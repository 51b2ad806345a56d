import {
  NOT_AN_ANSWER_KIND,
  NOT_AN_ANSWER_MESSAGES,
  notAnAnswerDeadline,
  type TNotAnAnswerRequest,
} from '@fanline/contracts';
import { and, eq } from 'drizzle-orm';
import { contentModeration, earnings, messages } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { isReleased } from '../ledger';
import { createNotification } from '../notifications';
import { announceAdminActivity } from '../realtime';

/**
 * The fan who paid flags the creator's reply as "not an answer" (issue #13, decision 0016). Only the
 * message's sender may (anyone else: 'Message not found', as in the conversation view), only a paid
 * reply whose payment was captured, only within 48 hours of the reply, and once per message. The
 * flag is a report of kind 'not_an_answer' in the moderation queue; while it is pending the earning
 * is held out of the payable balance. The earning row is locked, as a payout request locks it, so a
 * flag and a payout racing at the end of the window cannot both win.
 */
export async function flagNotAnAnswer(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events'>,
  opts: { fanId: string; messageId: string; request: TNotAnAnswerRequest },
): Promise<{ id: string }> {
  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    const [message] = await tx
      .select({
        senderId: messages.senderId,
        recipientId: messages.recipientId,
        status: messages.status,
        isFollowup: messages.isFollowup,
        respondedAt: messages.respondedAt,
      })
      .from(messages)
      .where(eq(messages.id, opts.messageId));
    if (!message || message.senderId !== opts.fanId || message.status === 'pending' || message.status === 'cancelled')
      throw notFound('Message not found');
    if (message.isFollowup || message.status !== 'responded' || !message.respondedAt)
      throw new AppError('BAD_REQUEST', NOT_AN_ANSWER_MESSAGES.notPaid);
    if (now.getTime() >= notAnAnswerDeadline(message.respondedAt).getTime())
      throw new AppError('CONFLICT', NOT_AN_ANSWER_MESSAGES.windowClosed);
    const [earning] = await tx
      .select({ status: earnings.status, payoutId: earnings.payoutId })
      .from(earnings)
      .where(eq(earnings.messageId, opts.messageId))
      .for('update');
    if (!earning) throw new AppError('BAD_REQUEST', NOT_AN_ANSWER_MESSAGES.notPaid);
    if (earning.payoutId || !['pending', 'earned'].includes(earning.status))
      throw new AppError('CONFLICT', NOT_AN_ANSWER_MESSAGES.alreadyPaidOut);
    // Read after the lock (a new statement): a release that won the race has made it payable.
    const [released] = await tx
      .select({ id: earnings.id })
      .from(earnings)
      .where(and(eq(earnings.messageId, opts.messageId), isReleased()));
    if (released) throw new AppError('CONFLICT', NOT_AN_ANSWER_MESSAGES.windowClosed);
    const [existing] = await tx
      .select({ id: contentModeration.id })
      .from(contentModeration)
      .where(
        and(eq(contentModeration.contentType, NOT_AN_ANSWER_KIND), eq(contentModeration.contentId, opts.messageId)),
      );
    if (existing) throw new AppError('CONFLICT', NOT_AN_ANSWER_MESSAGES.duplicate);
    const [row] = await tx
      .insert(contentModeration)
      .values({
        contentType: NOT_AN_ANSWER_KIND,
        contentId: opts.messageId,
        reason: opts.request.reason,
        status: 'pending',
        reportedBy: opts.fanId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: contentModeration.id });
    if (!row) throw new Error('flag insert returned nothing');
    const notificationId = await createNotification(tx, {
      userId: message.recipientId,
      type: 'reply_flagged',
      title: NOT_AN_ANSWER_MESSAGES.creatorNotifiedTitle,
      body: NOT_AN_ANSWER_MESSAGES.creatorNotifiedBody,
      messageId: opts.messageId,
      now,
    });
    return { id: row.id, creatorId: message.recipientId, notificationId };
  });
  await ctx.events.publish([created.creatorId], { type: 'notification', notificationId: created.notificationId });
  await announceAdminActivity(ctx, 'report');
  return { id: created.id };
}
