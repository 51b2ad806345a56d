import { randomUUID } from 'node:crypto';
import { MESSAGE_MESSAGES, splitAmount } from '@fanline/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { messages, payments, profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { checkPendingAttachments, claimAttachments } from '../attachments';
import { isBlocked, pauseMessage, pauseOf } from '../care';
import { readSettings } from '../settings';
import { abandonCheckout } from './abandon-checkout';

/**
 * Starts a paid message (spec §7 create-checkout-session): a `pending` message the creator cannot
 * see and a `pending` payment whose amount is the creator's price read here, never the browser's,
 * split at the commission in force now. Returns where the browser pays.
 */
export async function startCheckout(
  app: FastifyInstance,
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
  // Issue #13: a blocked fan hears the same neutral words as for any unavailable creator.
  if (await isBlocked(app.db, creator.id, opts.senderId)) throw new AppError('CONFLICT', MESSAGE_MESSAGES.unavailable);
  const pause = await pauseOf(app.db, creator.id, app.clock.now());
  if (pause) throw new AppError('CONFLICT', pauseMessage(pause));
  const settings = await readSettings(app.db, [
    'commission_rate',
    'message_expiration_hours',
    'maintenance_mode',
    'require_creator_verification',
  ]);
  if (settings.maintenance_mode) throw new AppError('FORBIDDEN', MESSAGE_MESSAGES.maintenance);
  // Admin setting require_creator_verification: an unverified creator cannot receive paid messages.
  if (settings.require_creator_verification && !creator.threadsOnboardingCompleted)
    throw new AppError('CONFLICT', 'This creator has not completed verification yet.');

  // The images were uploaded first (issue #13); they are attached with the message, below.
  await checkPendingAttachments(app.db, opts.senderId, opts.attachmentIds);

  const amount = creator.messagePrice;
  const { platformFee, creatorShare } = splitAmount(amount, settings.commission_rate);
  const now = app.clock.now();
  const payment = await app.db.transaction(async (tx) => {
    const messageId = randomUUID();
    await tx.insert(messages).values({
      id: messageId,
      conversationId: (await existingConversation(tx, opts.senderId, creator.id)) ?? messageId,
      senderId: opts.senderId,
      recipientId: creator.id,
      content: opts.content,
      amount,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    });
    await claimAttachments(tx, { ownerId: opts.senderId, ids: opts.attachmentIds, messageId, part: 'message' });
    const [row] = await tx
      .insert(payments)
      .values({
        provider: app.payments.name,
        amountTotal: amount,
        amountCreator: creatorShare,
        amountPlatformFee: platformFee,
        commissionPercent: settings.commission_rate,
        status: 'pending',
        senderId: opts.senderId,
        recipientId: creator.id,
        messageId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('payment insert returned nothing');
    return row;
  });

  const dollars = String(amount / 100);
  let started: { url: string; checkoutSessionId: string | null };
  try {
    started = await app.payments.createCheckout({
      payment,
      creator,
      description: `Message to @${creator.username}`,
      successUrl: `${app.config.publicUrl}/payment-success?${new URLSearchParams({ creator: creator.username, amount: dollars })}`,
      cancelUrl: `${app.config.publicUrl}/${encodeURIComponent(creator.username)}`,
      captureAtOnce: settings.message_expiration_hours > app.payments.holdLimitHours,
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
    await app.db.update(payments).set({ checkoutSessionId }).where(eq(payments.id, payment.id));
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
  if (!creator.isAvailable) throw new AppError('CONFLICT', MESSAGE_MESSAGES.unavailable);
  return creator;
}

/**
 * spec §4: a new message joins the oldest conversation of this (fan, creator) direction, or starts
 * its own. A conversation's id is its first message's id, so the direction is that message's. Two
 * creators who message each other have one conversation per direction, each answered by its
 * recipient (security review M4).
 */
async function existingConversation(tx: Db, fanId: string, creatorId: string): Promise<string | null> {
  const [row] = await tx
    .select({ conversationId: messages.conversationId })
    .from(messages)
    .where(
      and(
        eq(messages.senderId, fanId),
        eq(messages.recipientId, creatorId),
        eq(messages.isFollowup, false),
        eq(messages.id, messages.conversationId),
      ),
    )
    .orderBy(asc(messages.createdAt))
    .limit(1);
  return row?.conversationId ?? null;
}
