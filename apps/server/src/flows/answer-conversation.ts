import { claimAttachments } from '../modules/attachments';
import { isBlocked } from '../modules/care';
import { recordAnswer } from '../modules/messages';
import { createNotification, pushEffect } from '../modules/notifications';
import { enqueueEffects } from '../modules/outbox';
import { captureEffect, paymentIdsForMessages } from '../modules/payments';
import { nameOf } from '../modules/profiles';
import { announceMessageChange } from '../modules/realtime';
import { announceCardChange } from '../platform/card-change';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';
import { carryOutEffects, effect } from './effects';

/**
 * Reply and capture: a creator answers a conversation, with a response or a free follow-up (spec §4).
 * In one transaction: the messages are answered (messages' recordAnswer locks them first, so a reply
 * racing the expiry job ends in one outcome), the reply's images are claimed, the fan's bell is
 * written, both sides' tabs are told (with the commit), and the effects that follow are written to the
 * outbox: each answered payment's capture, the fan's mail and push. Once it commits they are carried out
 * (decision 0022); one that fails is retried by the jobs.
 */
export async function answerConversation(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log' | 'outbox' | 'storage'>,
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
    // Issue 36: a blocked fan gets no follow-ups (the page offers none); the transaction rolls back.
    if (opts.kind === 'followup' && (await isBlocked(tx, opts.creatorId, answer.fanId)))
      throw new AppError('CONFLICT', 'You blocked this fan. Unblock them in Settings to write to them again.');
    await claimAttachments(tx, {
      ownerId: opts.creatorId,
      ids: opts.attachmentIds,
      messageId: answer.answerId,
      part: answer.part,
    });
    const creator = await nameOf(tx, opts.creatorId);
    const title = `${creator?.name ?? 'A creator'} replied`;
    const notificationId = await createNotification(tx, {
      userId: answer.fanId,
      type: 'message_response',
      title,
      body: opts.content,
      messageId: answer.answerId,
      now,
    });
    const deliverHere = await announceMessageChange(
      ctx,
      {
        notify: { userId: answer.fanId, notificationId },
        participants: [answer.fanId, opts.creatorId],
        messageId: answer.answerId,
        conversationId: answer.conversationId,
        status: 'responded',
      },
      tx,
    );
    const paymentIds = await paymentIdsForMessages(tx, answer.answeredIds);
    const effects = await enqueueEffects(
      tx,
      [
        effect('mail-reply', `mail-reply:${answer.answerId}`, {
          fanId: answer.fanId,
          creatorId: opts.creatorId,
          messageId: answer.answerId,
          reply: opts.content,
          kind: opts.kind,
        }),
        // The fan's push says what their bell says (issue 26).
        pushEffect(`reply:${answer.answerId}`, answer.fanId, {
          title,
          body: opts.content,
          url: `/messages/${answer.answerId}`,
          tag: `reply-${answer.conversationId}`,
        }),
        ...paymentIds.map(captureEffect),
      ],
      now,
    );
    return { answerId: answer.answerId, deliverHere, effects, answered: answer.answeredIds.length > 0 };
  });

  result.deliverHere();
  // Paid messages answered: the creator's response rate and time, open count, the landing's rate.
  if (result.answered) await announceCardChange(ctx);
  await carryOutEffects(ctx, result.effects);
  return { messageId: result.answerId };
}
