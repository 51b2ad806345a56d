import { DECLINE_REASON_LABELS, type TDeclineReason } from '@fanline/contracts';
import { endOpenMessages, fanOfConversation, lockOpenMessages } from '../modules/messages';
import { createNotification } from '../modules/notifications';
import { nameOf } from '../modules/profiles';
import { announceCardChange } from '../platform/card-change';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';
import { carryOutEffects } from './effects';
import { giveBackEndedMessages } from './give-back';

/** Everything a decline touches: the database, the clock, the provider (release), mail and live events. */
export type DeclineConversationContext = Pick<
  AppContext,
  'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log' | 'outbox' | 'storage'
>;

/**
 * Decline (issue #13): the creator declines the conversation's unanswered paid messages with a reason. Like a
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
    const creator = await nameOf(tx, opts.creatorId);
    const notificationId = await createNotification(tx, {
      userId: fanId,
      type: 'message_declined',
      title: `${creator?.name ?? 'The creator'} declined your message`,
      body: `${DECLINE_REASON_LABELS[opts.reason]}. You were not charged.`,
      messageId: ids[0] ?? opts.messageId,
      now,
    });
    const giveBack = await giveBackEndedMessages(ctx, tx, {
      fanId,
      creatorId: opts.creatorId,
      conversationId,
      endedIds: ids,
      notificationId,
      reason: DECLINE_REASON_LABELS[opts.reason],
      note: opts.note ?? null,
      now,
    });
    return { ids, ...giveBack };
  });

  result.deliverHere();
  // Open messages ended: the creator's open count ("full"), the landing's settled messages.
  await announceCardChange(ctx);
  await carryOutEffects(ctx, result.effects);
  return { declined: result.ids.length };
}
