import { DECLINE_REASON_LABELS, type TDeclineReason } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { mailFanAboutDecline } from '../fans';
import { createNotification } from '../notifications';
import { paymentIdsForMessages, releasePayment } from '../payments';
import { announceMessageChange } from '../realtime';
import { fanOfConversation } from './conversation-parties';
import { endOpenMessages, lockOpenMessages } from './end-open-messages';

/** Everything a decline touches: the database, the clock, the provider (release), mail and live events. */
export type DeclineConversationContext = Pick<
  AppContext,
  'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log'
>;

/**
 * Issue #13: the creator declines the conversation's unanswered paid messages with a reason. Like a
 * reply, it takes every open paid message of that fan (the reply box and this button act on the
 * conversation, spec §4). The rows are locked first, as a reply and the expiry job lock them, so a
 * decline racing either ends in exactly one outcome. The messages end `refunded` with the reason;
 * the money goes back at once through the expiry's release path (a hold released, a capture
 * refunded), and the fan hears of it by bell and mail. A decline does not lower the response rate.
 */
export async function declineConversation(
  ctx: DeclineConversationContext,
  opts: { creatorId: string; messageId: string; reason: TDeclineReason; note?: string },
) {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const { fanId, conversationId } = await fanOfConversation(tx, opts.messageId, opts.creatorId);
    const ids = (await lockOpenMessages(tx, { fanId, creatorId: opts.creatorId, now })).map((m) => m.id);
    if (ids.length === 0) throw new AppError('CONFLICT', 'There is no unanswered message to decline.');
    await endOpenMessages(tx, { ids, creatorId: opts.creatorId, now, reason: opts.reason, note: opts.note });
    const [creator] = await tx
      .select({ displayName: profiles.displayName, username: profiles.username })
      .from(profiles)
      .where(eq(profiles.id, opts.creatorId));
    const notificationId = await createNotification(tx, {
      userId: fanId,
      type: 'message_declined',
      title: `${creator?.displayName ?? creator?.username ?? 'The creator'} declined your message`,
      body: `${DECLINE_REASON_LABELS[opts.reason]}. You were not charged.`,
      messageId: ids[0] ?? opts.messageId,
      now,
    });
    const paymentIds = await paymentIdsForMessages(tx, ids);
    return { fanId, conversationId, notificationId, ids, paymentIds };
  });

  await announceMessageChange(ctx, {
    notify: { userId: result.fanId, notificationId: result.notificationId },
    participants: [result.fanId, opts.creatorId],
    messageId: result.ids[0] ?? opts.messageId,
    conversationId: result.conversationId,
    status: 'refunded',
  });
  for (const paymentId of result.paymentIds) {
    try {
      await releasePayment(ctx, { paymentId });
    } catch (error) {
      ctx.log.error({ err: error, paymentId }, 'release failed after a decline; the reconciler will retry');
    }
  }
  // After the release, so the mail says what happened to the money.
  await mailFanAboutDecline(ctx, {
    fanId: result.fanId,
    creatorId: opts.creatorId,
    messageId: result.ids[0] ?? opts.messageId,
    reason: DECLINE_REASON_LABELS[opts.reason],
    note: opts.note ?? null,
  });
  return { declined: result.ids.length };
}
