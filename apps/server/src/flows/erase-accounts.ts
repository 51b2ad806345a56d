import { eraseAttachments } from '../modules/attachments';
import { eraseFromAudit } from '../modules/audit';
import {
  announceSessionsEnded,
  claimDueDeletions,
  eraseAccount,
  erasedEmail,
  markAccountErased,
  revokeUserSessions,
} from '../modules/auth';
import { forgetCapacity } from '../modules/care';
import { eraseDataExports } from '../modules/data-export';
import { eraseNotifications } from '../modules/notifications';
import { eraseFromPayloads } from '../modules/outbox';
import { forgetPayoutAccount } from '../modules/payments';
import { erasePresence } from '../modules/presence';
import { ERASED_DISPLAY_NAME, eraseProfile } from '../modules/profiles';
import { eraseContactMessages } from '../modules/support';
import { announceCardChange } from '../platform/card-change';
import type { AppContext } from '../platform/context';
import { carryOutEffects } from './effects';
import { endOpenMessagesOf } from './end-open-messages-of';

/** Accounts erased per transaction; a pass goes on until none is due. */
const ERASE_BATCH = 20;
const MAX_BATCHES = 50;

type Ctx = Pick<
  AppContext,
  'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log' | 'outbox' | 'storage'
>;

/**
 * The erasure job (issue 41, decision 0058): pending closures whose 14-day grace has passed are claimed
 * with SKIP LOCKED (any number of instances share the work) and the person is replaced by a pseudonym
 * everywhere their data lives: the account (address, password, sessions, mailed tokens), the profile
 * (names, bio, pictures, social handles, payout account; the username held), their bell and push
 * subscriptions and their names in other people's bells, their data exports (rows and zips), the support requests sent from their
 * address, their names in audit rows and in effect payloads (a push's title), and the images they uploaded. Stored files go through the
 * outbox's storage-delete effect. Messages, payments, earnings, payouts and the ledger stay, pointing
 * at the pseudonymous id: the books balance and the admin's totals do not move. Returns how many.
 */
export async function eraseDueAccounts(ctx: Ctx): Promise<number> {
  let erased = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const count = await eraseBatch(ctx);
    erased += count;
    if (count < ERASE_BATCH) break;
  }
  return erased;
}

async function eraseBatch(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now();
  const done = await ctx.db.transaction(async (tx) => {
    const due = await claimDueDeletions(tx, { now, limit: ERASE_BATCH });
    const deliverHere: Array<() => void> = [];
    const effects: string[] = [];
    for (const { id, userId } of due) {
      // Anything paid to or by them during the grace ends now, as at closing.
      const ended = await endOpenMessagesOf(ctx, tx, { userId, now });
      deliverHere.push(...ended.deliverHere);
      effects.push(...ended.effects);
      const profile = await eraseProfile(tx, { userId, now });
      await erasePresence(tx, { userId });
      await forgetPayoutAccount(tx, { creatorId: userId });
      await forgetCapacity(tx, { creatorId: userId });
      const account = await eraseAccount(tx, { userId, now });
      const names = [profile?.displayName, profile?.username, account?.email];
      await eraseNotifications(tx, { userId, names, replacement: ERASED_DISPLAY_NAME });
      await eraseFromAudit(tx, { names, replacement: ERASED_DISPLAY_NAME });
      await eraseFromPayloads(tx, { names, replacement: ERASED_DISPLAY_NAME });
      if (account)
        await eraseContactMessages(tx, {
          email: account.email,
          replacementEmail: erasedEmail(userId),
          replacementName: ERASED_DISPLAY_NAME,
        });
      effects.push(
        ...(profile?.effects ?? []),
        ...(await eraseAttachments(tx, { ownerId: userId, now })),
        ...(await eraseDataExports(tx, { userId, now })),
      );
      await markAccountErased(tx, { id, now });
    }
    return { userIds: due.map((row) => row.userId), deliverHere, effects };
  });
  for (const deliver of done.deliverHere) deliver();
  // Erased profiles (names, pictures, testimonials' names) and ended messages.
  if (done.userIds.length > 0) await announceCardChange(ctx);
  await carryOutEffects(ctx, done.effects);
  for (const userId of done.userIds) {
    // Sessions went in the transaction; this forgets this instance's cached ones, others hear of it.
    await revokeUserSessions(ctx.db, userId);
    await announceSessionsEnded(ctx, { userId });
  }
  return done.userIds.length;
}
