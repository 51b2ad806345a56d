import { enqueueEffects } from '../modules/outbox';
import { paymentIdsForMessages, releaseEffect } from '../modules/payments';
import { announceMessageChange } from '../modules/realtime';
import type { AppContext } from '../platform/context';
import type { Db } from '../platform/db';
import { effect } from './effects';

/**
 * What a decline and a block share once they have ended a fan's open messages and written the fan's
 * bell, inside their transaction: both sides' tabs are told (with the commit), and the effects that
 * follow are written to the outbox: the money goes back (a hold released, a charge refunded), then the
 * fan is mailed the reason (after it, so the mail says what happened to the money). Returns the
 * hand-over to this instance's streams and the effects' keys, for after the commit.
 */
export async function giveBackEndedMessages(
  ctx: Pick<AppContext, 'events'>,
  tx: Db,
  opts: {
    fanId: string;
    creatorId: string;
    conversationId: string;
    endedIds: string[];
    notificationId: string;
    reason: string;
    note: string | null;
    now: Date;
  },
) {
  const first = opts.endedIds[0] ?? '';
  const deliverHere = await announceMessageChange(
    ctx,
    {
      notify: { userId: opts.fanId, notificationId: opts.notificationId },
      participants: [opts.fanId, opts.creatorId],
      messageId: first,
      conversationId: opts.conversationId,
      status: 'refunded',
    },
    tx,
  );
  const release = releaseEffect(first, await paymentIdsForMessages(tx, opts.endedIds));
  const mail = effect(
    'mail-decline',
    `mail-decline:${first}`,
    { fanId: opts.fanId, creatorId: opts.creatorId, messageId: first, reason: opts.reason, note: opts.note },
    { after: release.key },
  );
  return { deliverHere, effects: await enqueueEffects(tx, [release, mail], opts.now) };
}
