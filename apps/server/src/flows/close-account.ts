import { ACCOUNT_DELETION_MESSAGES } from '@fanline/contracts';
import { recordAudit } from '../modules/audit';
import {
  accountClosingMailEffect,
  accountDeletionOf,
  announceSessionsEnded,
  assertOwnPassword,
  cancelAccountDeletion,
  lockPendingDeletion,
  recordAccountDeletion,
  revokeUserSessions,
} from '../modules/auth';
import { unpaidEarnings } from '../modules/ledger';
import { enqueueEffects } from '../modules/outbox';
import { forgetPayoutAccount } from '../modules/payments';
import { closeProfile, lockProfile, profileExists } from '../modules/profiles';
import { isActiveAdmin } from '../platform/auth-guard';
import { announceCardChange } from '../platform/card-change';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';
import { carryOutEffects } from './effects';
import { endOpenMessagesOf } from './end-open-messages-of';

type Ctx = Pick<
  AppContext,
  'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log' | 'outbox' | 'storage'
>;

/**
 * Close an account (issue 41 point 2, decision 0058), by its owner with the password re-entered, or by
 * an admin (audited). In one transaction: every open paid message the person sent or received ends and
 * its money goes back (the decline's path: a hold released, a charge refunded, through the outbox); a
 * creator stops taking messages and their payout account is detached; what they earned and were not
 * paid stays on the books, its amount and the reason recorded; the request is recorded, erasure
 * scheduled after the grace, and the mail with the cancel link written to the outbox. Then every
 * other session of the person ends (all of them when an admin closes it).
 */
export async function closeAccount(
  ctx: Ctx,
  opts: { userId: string; password: string; sessionId: string } | { userId: string; adminId: string },
) {
  const { userId } = opts;
  const adminId = 'adminId' in opts ? opts.adminId : null;
  if (!('adminId' in opts)) await assertOwnPassword(ctx.db, { userId, password: opts.password });
  // An admin account is closed only once its admin role is gone, so nobody locks the platform's admins out.
  if (await isActiveAdmin(ctx, userId)) throw new AppError('FORBIDDEN', ACCOUNT_DELETION_MESSAGES.notForAdmins);
  const now = ctx.clock.now();
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await profileExists(tx, userId))) throw new AppError('NOT_FOUND', ACCOUNT_DELETION_MESSAGES.notFound);
    if (await lockPendingDeletion(tx, userId)) throw new AppError('CONFLICT', ACCOUNT_DELETION_MESSAGES.alreadyPending);
    const ended = await endOpenMessagesOf(ctx, tx, { userId, now });
    // Messages first, then the person's row: the order a block and a reply take (no deadlock).
    await lockProfile(tx, userId);
    const { isCreator } = await closeProfile(tx, { userId, now });
    await forgetPayoutAccount(tx, { creatorId: userId });
    const earningsHeldCents = isCreator ? Math.max(0, await unpaidEarnings(tx, userId)) : 0;
    const deletion = await recordAccountDeletion(tx, {
      userId,
      requestedBy: adminId,
      now,
      refundedMessages: ended.count,
      earningsHeldCents,
    });
    if (adminId)
      await recordAudit(tx, {
        adminId,
        action: 'account_deletion_started',
        targetType: 'user',
        targetId: userId,
        after: { scheduledFor: deletion.scheduledFor.toISOString(), refundedMessages: ended.count, earningsHeldCents },
        now,
      });
    const mail = await enqueueEffects(tx, [accountClosingMailEffect(deletion.id)], now);
    return { ended, effects: [...ended.effects, ...mail] };
  });
  for (const deliver of done.ended.deliverHere) deliver();
  // A closing creator is no longer available or featured; anyone's open messages ended.
  await announceCardChange(ctx);
  await carryOutEffects(ctx, done.effects);
  await revokeUserSessions(ctx.db, userId, 'sessionId' in opts ? opts.sessionId : undefined);
  await announceSessionsEnded(ctx, { userId });
  return { deletion: await accountDeletionOf(ctx.db, userId) };
}

/** Cancel a pending closure: the owner signed in, the mailed link, or an admin (audited). */
export async function cancelAccountClosure(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  opts: { userId: string; adminId?: string } | { token: string },
) {
  const now = ctx.clock.now();
  const userId = await ctx.db.transaction(async (tx) => {
    const cancelled = await cancelAccountDeletion(
      tx,
      'token' in opts ? { token: opts.token, now } : { userId: opts.userId, now },
    );
    if (cancelled && 'adminId' in opts && opts.adminId)
      await recordAudit(tx, {
        adminId: opts.adminId,
        action: 'account_deletion_cancelled',
        targetType: 'user',
        targetId: cancelled,
        now,
      });
    return cancelled;
  });
  if (!userId) {
    if ('token' in opts) throw new AppError('LINK_EXPIRED', ACCOUNT_DELETION_MESSAGES.linkExpired);
    throw new AppError('CONFLICT', ACCOUNT_DELETION_MESSAGES.nothingToCancel);
  }
  return { deletion: await accountDeletionOf(ctx.db, userId) };
}
