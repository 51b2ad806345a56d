import { BLOCK_MESSAGES } from '@fanline/contracts';
import { recordBlock } from '../modules/care';
import { endOpenMessages, lockOpenMessages } from '../modules/messages';
import { createNotification } from '../modules/notifications';
import { lockProfile, nameOf, profileExists } from '../modules/profiles';
import { announceCardChange } from '../platform/card-change';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';
import { carryOutEffects } from './effects';
import { giveBackEndedMessages } from './give-back';

/** What the fan reads, in the bell and the mail, about messages a block released. */
const BLOCK_REASON = 'They are no longer accepting messages from you';

/**
 * Block (issue #13): a creator blocks a fan. In one transaction the block is recorded (twice is the same as
 * once) and every open paid message of that fan to this creator ends `refunded`, as a decline ends it
 * (declined_at set, so it does not lower the response rate). The money then goes back through the
 * decline's path: the outbox's release effect releases a hold or refunds a captured-at-once payment, and the fan
 * hears of it by bell and by the refund mail.
 *
 * Races: the open messages are locked FOR UPDATE, as a reply, a decline and the expiry job lock them,
 * so a block racing any of them ends each message in exactly one state. Then the creator's profile
 * row is locked, as payment confirmation locks it, and the open messages are read again: a checkout
 * being confirmed either lands before the block (and its message is released here) or sees the block
 * and is refused. Messages before the profile row is the order a reply takes, so no deadlock.
 */
export async function blockFan(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log' | 'outbox' | 'storage'>,
  opts: { creatorId: string; fanId: string },
): Promise<{ blocked: true; released: number }> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const creator = await nameOf(tx, opts.creatorId);
    if (!creator?.isCreator) throw new AppError('FORBIDDEN', BLOCK_MESSAGES.creatorsOnly);
    if (opts.creatorId === opts.fanId) throw new AppError('BAD_REQUEST', BLOCK_MESSAGES.self);
    if (!(await profileExists(tx, opts.fanId))) throw new AppError('NOT_FOUND', BLOCK_MESSAGES.notFound);

    const lockOpen = () => lockOpenMessages(tx, { fanId: opts.fanId, creatorId: opts.creatorId, now });
    // Messages first, then the creator's row: the order a reply takes (it updates the response rate
    // on that row after locking the messages), so the two never deadlock.
    await lockOpen();
    await lockProfile(tx, opts.creatorId);
    await recordBlock(tx, { creatorId: opts.creatorId, fanId: opts.fanId, now });
    // Again, now that no payment confirmation is under way: a message it made before we took the
    // creator's row is visible and released too; one after it sees the block and is refused.
    const open = await lockOpen();
    if (open.length === 0) return null;
    const ids = open.map((m) => m.id);
    await endOpenMessages(tx, { ids, creatorId: opts.creatorId, now });
    const name = creator.name ?? 'The creator';
    const notificationId = await createNotification(tx, {
      userId: opts.fanId,
      type: 'message_declined',
      title: `${name} declined your message`,
      body: `${BLOCK_REASON}. Your payment goes back to your card.`,
      messageId: ids[0] ?? '',
      now,
    });
    const giveBack = await giveBackEndedMessages(ctx, tx, {
      fanId: opts.fanId,
      creatorId: opts.creatorId,
      conversationId: open[0]?.conversationId ?? '',
      endedIds: ids,
      notificationId,
      reason: BLOCK_REASON,
      note: null,
      now,
    });
    return { ids, ...giveBack };
  });
  if (!result) return { blocked: true, released: 0 };

  result.deliverHere();
  // Open messages ended (a block alone changes no card): the open count, the landing's settled ones.
  await announceCardChange(ctx);
  await carryOutEffects(ctx, result.effects);
  return { blocked: true, released: result.ids.length };
}
