import { claimAttachments } from '../modules/attachments';
import { mailFanAboutReply } from '../modules/fans';
import { recordAnswer } from '../modules/messages';
import { createNotification } from '../modules/notifications';
import { paymentIdsForMessages } from '../modules/payments';
import { nameOf } from '../modules/profiles';
import { announceMessageChange } from '../modules/realtime';
import type { AppContext } from '../platform/context';
import { settlePayments } from './settle';

/**
 * Reply and capture: a creator answers a conversation, with a response or a free follow-up (spec §4).
 * In one transaction: the messages are answered (messages' recordAnswer locks them first, so a reply
 * racing the expiry job ends in one outcome), the reply's images are claimed and the fan's bell is
 * written. Once it commits: the fan's tabs hear of it, the fan is mailed, and the answered messages'
 * payments are captured (settlePayments).
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
    const answer = await recordAnswer(tx, { ...opts, now });
    await claimAttachments(tx, {
      ownerId: opts.creatorId,
      ids: opts.attachmentIds,
      messageId: answer.answerId,
      part: answer.part,
    });
    const creator = await nameOf(tx, opts.creatorId);
    const notificationId = await createNotification(tx, {
      userId: answer.fanId,
      type: 'message_response',
      title: `${creator?.name ?? 'A creator'} replied`,
      body: opts.content,
      messageId: answer.answerId,
      now,
    });
    return { ...answer, notificationId, paymentIds: await paymentIdsForMessages(tx, answer.answeredIds) };
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
  await settlePayments(ctx, { action: 'capture', paymentIds: result.paymentIds, cause: 'reply' });
  return { messageId: result.answerId };
}
