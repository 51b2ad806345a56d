import { MESSAGE_MESSAGES, splitAmount } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { profiles } from '../../db/schema';
import { checkPendingAttachments, claimAttachments } from '../../modules/attachments';
import { isBlocked, pauseMessage, pauseOf } from '../../modules/care';
import { createPendingMessage } from '../../modules/messages';
import { capturesAtOnce, insertPendingPayment, recordCheckoutSession, successPath } from '../../modules/payments';
import { readSettings } from '../../modules/settings';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { abandonCheckout } from './abandon-checkout';

export type StartCheckoutContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'log'>;

/**
 * Starts a paid message (spec §7 create-checkout-session): a `pending` message the creator cannot
 * see and a `pending` payment whose amount is the creator's price read here, never the browser's,
 * split at the commission in force now. Returns where the browser pays.
 */
export async function startCheckout(
  app: StartCheckoutContext,
  opts: {
    senderId: string;
    recipientId: string;
    content: string;
    attachmentIds?: readonly string[];
    log?: FastifyBaseLogger;
  },
) {
  const creator = await loadRecipient(app.db, opts.recipientId);
  if (creator.id === opts.senderId) throw new AppError('BAD_REQUEST', 'You cannot message yourself.');
  // Issue #13: a blocked fan is told plainly (they can do nothing about it, so no "right now").
  if (await isBlocked(app.db, creator.id, opts.senderId))
    throw new AppError('CREATOR_UNAVAILABLE', MESSAGE_MESSAGES.blocked);
  const pause = await pauseOf(app.db, creator.id, app.clock.now());
  if (pause) throw new AppError('CREATOR_UNAVAILABLE', pauseMessage(pause));
  const settings = await readSettings(app.db, [
    'commission_rate',
    'message_expiration_hours',
    'maintenance_mode',
    'require_creator_verification',
  ]);
  if (settings.maintenance_mode) throw new AppError('MAINTENANCE', MESSAGE_MESSAGES.maintenance);
  // Admin setting require_creator_verification: an unverified creator cannot receive paid messages.
  if (settings.require_creator_verification && !creator.threadsOnboardingCompleted)
    throw new AppError('CREATOR_UNAVAILABLE', 'This creator has not completed verification yet.');

  // The images were uploaded first (issue #13); they are attached with the message, below.
  await checkPendingAttachments(app.db, opts.senderId, opts.attachmentIds);

  const amount = creator.messagePrice;
  const { platformFee, creatorShare } = splitAmount(amount, settings.commission_rate);
  const now = app.clock.now();
  const payment = await app.db.transaction(async (tx) => {
    const messageId = await createPendingMessage(tx, {
      senderId: opts.senderId,
      recipientId: creator.id,
      content: opts.content,
      amount,
      now,
    });
    await claimAttachments(tx, { ownerId: opts.senderId, ids: opts.attachmentIds, messageId, part: 'message' });
    return insertPendingPayment(tx, {
      provider: app.payments.name,
      amountTotal: amount,
      amountCreator: creatorShare,
      amountPlatformFee: platformFee,
      commissionPercent: settings.commission_rate,
      senderId: opts.senderId,
      recipientId: creator.id,
      messageId,
      now,
    });
  });

  let started: { url: string; checkoutSessionId: string | null };
  try {
    started = await app.payments.createCheckout({
      payment,
      creator,
      description: `Message to @${creator.username}`,
      successUrl: `${app.config.publicUrl}${successPath(payment.id)}`,
      cancelUrl: `${app.config.publicUrl}/${encodeURIComponent(creator.username)}`,
      captureAtOnce: capturesAtOnce(settings.message_expiration_hours, app.payments),
    });
  } catch (error) {
    // The provider is down or refused (security review M5 g). The fan never got a checkout link, so
    // nothing can be paid: give the checkout up now rather than leave it pending for the reconciler.
    // Should the provider have made a session after all, a late completion is given back (0007).
    (opts.log ?? app.log).error({ err: error, paymentId: payment.id }, 'payment provider failed to start a checkout');
    await abandonCheckout(app, { paymentId: payment.id, reason: 'failed' });
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', MESSAGE_MESSAGES.paymentInitFailed);
  }
  const { url, checkoutSessionId } = started;
  if (checkoutSessionId) {
    await recordCheckoutSession(app.db, { paymentId: payment.id, checkoutSessionId });
  }
  return { url, paymentId: payment.id, messageId: payment.messageId };
}

async function loadRecipient(db: Db, recipientId: string) {
  const [creator] = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      displayName: profiles.displayName,
      messagePrice: profiles.messagePrice,
      isCreator: profiles.isCreator,
      isAvailable: profiles.isAvailable,
      threadsOnboardingCompleted: profiles.threadsOnboardingCompleted,
    })
    .from(profiles)
    .where(eq(profiles.id, recipientId));
  // spec §6: only on-platform creators can be messaged.
  if (!creator?.isCreator) throw new AppError('NOT_FOUND', MESSAGE_MESSAGES.recipientNotFound);
  if (!creator.isAvailable) throw new AppError('CREATOR_UNAVAILABLE', MESSAGE_MESSAGES.unavailable);
  return creator;
}
