import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages, payments, profiles } from '../../db/schema';
import type { Mail } from '../../platform/mailer';
import { readSettings } from '../settings/platform-settings';
import { declineMail, refundMail, replyMail } from './mails';

/**
 * Mails the fan through the same mailer as the creator's new-message mail, when the platform sends
 * email notifications and the fan has not turned them off (Edit Profile → Notifications). Never
 * throws: the reply or the refund stands whatever the mail does; a failure is only logged.
 */
async function mailFan(
  app: FastifyInstance,
  opts: { fanId: string; creatorId: string; messageId: string },
  build: (ctx: { to: string; creatorName: string; link: string }) => Promise<Mail>,
): Promise<void> {
  try {
    const { email_notifications: enabled } = await readSettings(app.db, ['email_notifications']);
    if (!enabled) return;
    const people = await app.db
      .select({
        id: profiles.id,
        email: profiles.email,
        preferences: profiles.notificationPreferences,
        displayName: profiles.displayName,
        username: profiles.username,
      })
      .from(profiles)
      .where(inArray(profiles.id, [opts.fanId, opts.creatorId]));
    const fan = people.find((p) => p.id === opts.fanId);
    const creator = people.find((p) => p.id === opts.creatorId);
    if (!fan?.email || !fan.preferences.email) return;
    const mail = await build({
      to: fan.email,
      creatorName: creator?.displayName ?? (creator ? `@${creator.username}` : 'The creator'),
      link: `${app.config.publicUrl}/messages/${opts.messageId}`,
    });
    await app.mailer.send(mail);
  } catch (error) {
    app.log.error({ err: error, messageId: opts.messageId }, 'could not mail the fan');
  }
}

/** The creator answered with a response or a follow-up; `messageId` opens the conversation. */
export function mailFanAboutReply(
  app: FastifyInstance,
  opts: { fanId: string; creatorId: string; messageId: string; reply: string; kind: 'response' | 'followup' },
): Promise<void> {
  return mailFan(app, opts, async (ctx) =>
    replyMail(ctx.to, { creatorName: ctx.creatorName, reply: opts.reply, kind: opts.kind, link: ctx.link }),
  );
}

/** The window of the fan's message ran out: a hold was released or a charge refunded (they read differently). */
export function mailFanAboutRefund(
  app: FastifyInstance,
  opts: { fanId: string; creatorId: string; messageId: string },
): Promise<void> {
  return mailFan(app, opts, async (ctx) => {
    const [row] = await app.db
      .select({
        amount: payments.amountTotal,
        status: payments.status,
        paidAt: messages.paidAt,
        expiresAt: messages.expiresAt,
      })
      .from(messages)
      .leftJoin(payments, eq(payments.messageId, messages.id))
      .where(eq(messages.id, opts.messageId));
    // A captured-at-once payment (long windows) is refunded; an authorization is released.
    const how = row?.status === 'succeeded' || row?.status === 'refunded' ? 'refunded' : 'released';
    return refundMail(ctx.to, {
      creatorName: ctx.creatorName,
      amountCents: row?.amount ?? 0,
      // The window this message had, even if the setting has changed since.
      windowHours:
        row?.paidAt && row.expiresAt ? Math.round((row.expiresAt.getTime() - row.paidAt.getTime()) / 3_600_000) : null,
      how,
      link: ctx.link,
    });
  });
}

/** Issue #13: the creator declined the fan's message (with a reason); the hold was released or the charge refunded. */
export function mailFanAboutDecline(
  app: FastifyInstance,
  opts: { fanId: string; creatorId: string; messageId: string; reason: string; note: string | null },
): Promise<void> {
  return mailFan(app, opts, async (ctx) => {
    const [row] = await app.db
      .select({ amount: payments.amountTotal, status: payments.status })
      .from(payments)
      .where(eq(payments.messageId, opts.messageId));
    return declineMail(ctx.to, {
      creatorName: ctx.creatorName,
      amountCents: row?.amount ?? 0,
      reason: opts.reason,
      note: opts.note,
      how: row?.status === 'succeeded' || row?.status === 'refunded' ? 'refunded' : 'released',
      link: ctx.link,
    });
  });
}
