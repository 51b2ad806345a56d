import { endOpenMessages, lockOpenMessages, openPairsOf } from '../modules/messages';
import { createNotification } from '../modules/notifications';
import { enqueueEffects } from '../modules/outbox';
import { paymentIdsForMessages, releaseEffect } from '../modules/payments';
import { nameOf } from '../modules/profiles';
import type { AppContext } from '../platform/context';
import type { Db } from '../platform/db';
import { giveBackEndedMessages } from './give-back';

/** What the fan reads, in the bell and the mail, when the creator they wrote to closes their account. */
export const CLOSED_REASON = 'They closed their account';

/**
 * A closing (or erased) account's open paid messages end, pair by pair, as a block ends them (issue 41):
 * locked FOR UPDATE as a reply, a decline and the expiry job lock them, then `refunded` with
 * `declined_at` (so they lower no creator's response rate) and the money goes back through the
 * outbox's release effect. Messages the person received: the fan is told by bell and by the decline
 * mail with the reason, as a block tells them. Messages the person sent: the hold goes back to their
 * own card, and the creator's tabs hear of it. Returns how many ended, what to deliver to this
 * instance's streams once committed, and the outbox keys.
 */
export async function endOpenMessagesOf(
  ctx: Pick<AppContext, 'events'>,
  tx: Db,
  opts: { userId: string; now: Date },
): Promise<{ count: number; deliverHere: Array<() => void>; effects: string[] }> {
  const { userId, now } = opts;
  let count = 0;
  const deliverHere: Array<() => void> = [];
  const effects: string[] = [];
  for (const pair of await openPairsOf(tx, { userId, now })) {
    const open = await lockOpenMessages(tx, { ...pair, now });
    const ids = open.map((m) => m.id);
    const first = ids[0];
    if (!first) continue;
    const conversationId = open[0]?.conversationId ?? '';
    await endOpenMessages(tx, { ids, creatorId: pair.creatorId, now });
    count += ids.length;
    if (pair.creatorId === userId) {
      const name = (await nameOf(tx, userId))?.name ?? 'The creator';
      const notificationId = await createNotification(tx, {
        userId: pair.fanId,
        type: 'message_declined',
        title: `${name} closed their account`,
        body: 'Your open message was ended. Your payment goes back to your card.',
        messageId: first,
        now,
      });
      const giveBack = await giveBackEndedMessages(ctx, tx, {
        ...pair,
        conversationId,
        endedIds: ids,
        notificationId,
        reason: CLOSED_REASON,
        note: null,
        now,
      });
      deliverHere.push(giveBack.deliverHere);
      effects.push(...giveBack.effects);
    } else {
      const release = releaseEffect(first, await paymentIdsForMessages(tx, ids));
      effects.push(...(await enqueueEffects(tx, [release], now)));
      deliverHere.push(
        await ctx.events.publishAll(
          [
            {
              userIds: [pair.fanId, pair.creatorId],
              event: { type: 'message' as const, messageId: first, conversationId, status: 'refunded' },
            },
          ],
          tx,
        ),
      );
    }
  }
  return { count, deliverHere, effects };
}
