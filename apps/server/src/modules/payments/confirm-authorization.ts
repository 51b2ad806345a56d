import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages, payments, profiles } from '../../db/schema';
import { ACCOUNTS, postLedgerTransaction } from '../ledger/post-transaction';
import { autoFlagMessage } from '../moderation';
import { createNotification } from '../notifications/create-notification';
import { announceAdminActivity, announceMessageChange } from '../realtime/announce';
import { readSettings } from '../settings/platform-settings';
import { newMessageMail } from './mails';

/**
 * The card is authorized (or, for long windows, charged): the message goes live. Its window starts
 * now (ARCHITECTURE §3: expires_at = paid_at + response window). Safe to call twice, as duplicate
 * webhooks and double clicks do: only a pending payment changes.
 */
export async function confirmAuthorization(
  app: FastifyInstance,
  opts: { paymentId: string; providerPaymentId?: string | null; captured: boolean },
): Promise<{ changed: boolean }> {
  const now = app.clock.now();
  const { message_expiration_hours: windowHours } = await readSettings(app.db, ['message_expiration_hours']);
  const outcome = await app.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, opts.paymentId)).for('update');
    if (!payment?.messageId || payment.status !== 'pending') return null;
    await tx
      .update(payments)
      .set({
        status: opts.captured ? 'succeeded' : 'authorized',
        paymentIntentId: opts.providerPaymentId ?? payment.paymentIntentId,
        captureBefore: opts.captured ? null : new Date(now.getTime() + app.payments.holdLimitHours * 3_600_000),
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    const [message] = await tx
      .update(messages)
      .set({
        status: 'sent',
        paidAt: now,
        expiresAt: new Date(now.getTime() + windowHours * 3_600_000),
        updatedAt: now,
      })
      .where(eq(messages.id, payment.messageId))
      .returning();
    if (!message) throw new Error(`payment ${payment.id} has no message`);
    await postLedgerTransaction(tx, {
      kind: 'authorize',
      paymentId: payment.id,
      legs: [
        { account: ACCOUNTS.card, amount: -payment.amountTotal },
        { account: ACCOUNTS.senderHold, amount: payment.amountTotal },
      ],
    });
    const [sender] = await tx
      .select({ displayName: profiles.displayName, username: profiles.username })
      .from(profiles)
      .where(eq(profiles.id, message.senderId));
    const name = sender?.displayName ?? sender?.username ?? 'A fan';
    const notificationId = await createNotification(tx, {
      userId: message.recipientId,
      type: 'new_message',
      title: `New message from ${name}`,
      body: message.content,
      messageId: message.id,
      now,
    });
    return { message, notificationId, senderName: name };
  });
  if (!outcome) return { changed: false };

  const { message, notificationId, senderName } = outcome;
  await announceMessageChange(app, {
    notify: { userId: message.recipientId, notificationId },
    participants: [message.recipientId, message.senderId],
    messageId: message.id,
    conversationId: message.conversationId,
    status: message.status,
  });
  await announceAdminActivity(app, 'payment');
  await autoFlagMessage(app, message);
  await mailCreator(app, message.recipientId, senderName, message);
  return { changed: true };
}

/** spec: an email to the creator on a new paid message, when mail is configured. Failures only logged. */
async function mailCreator(
  app: FastifyInstance,
  creatorId: string,
  senderName: string,
  message: { id: string; content: string; amount: number },
) {
  if (app.mailer.kind !== 'smtp') return;
  try {
    const { email_notifications: enabled } = await readSettings(app.db, ['email_notifications']);
    if (!enabled) return;
    const [creator] = await app.db
      .select({ email: profiles.email, preferences: profiles.notificationPreferences })
      .from(profiles)
      .where(eq(profiles.id, creatorId));
    // The creator's own choice (Edit Profile → Notifications) wins over the platform default.
    if (!creator?.email || !creator.preferences.email) return;
    await app.mailer.send(
      newMessageMail(creator.email, senderName, message, `${app.config.publicUrl}/dashboard/messages/${message.id}`),
    );
  } catch (error) {
    app.log.error({ err: error, messageId: message.id }, 'could not mail the creator about a new message');
  }
}
