import { eq } from 'drizzle-orm';
import { messages, payments, profiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { declineMail, type MailContent, refundMail, replyMail } from '../../platform/mail';
import { mailUser } from '../notifications';

/** What mailing a fan touches: the profiles and payments it reads, the mail gate's seams. */
export type MailFanContext = Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>;

/**
 * Mails the fan through the one mail gate (notifications' mailUser: the platform setting, the fan's
 * email switch and the switch of this kind, an unsubscribe link). Never throws: the reply or the
 * refund stands whatever the mail does; a failure is only logged.
 */
async function mailFan(
  ctx: MailFanContext,
  kind: 'message-reply' | 'message-refund',
  opts: { fanId: string; creatorId: string; messageId: string },
  build: (about: { creatorName: string; link: string }) => Promise<MailContent>,
): Promise<void> {
  await mailUser(ctx, opts.fanId, kind, async () => {
    const [creator] = await ctx.db
      .select({ displayName: profiles.displayName, username: profiles.username })
      .from(profiles)
      .where(eq(profiles.id, opts.creatorId));
    return build({
      creatorName: creator?.displayName ?? (creator ? `@${creator.username}` : 'The creator'),
      link: `${ctx.config.publicUrl}/messages/${opts.messageId}`,
    });
  });
}

/** The creator answered with a response or a follow-up; `messageId` opens the conversation. */
export function mailFanAboutReply(
  ctx: MailFanContext,
  opts: { fanId: string; creatorId: string; messageId: string; reply: string; kind: 'response' | 'followup' },
): Promise<void> {
  return mailFan(ctx, 'message-reply', opts, async (about) =>
    replyMail({ creatorName: about.creatorName, reply: opts.reply, kind: opts.kind, link: about.link }),
  );
}

/** The window of the fan's message ran out: a hold was released or a charge refunded (they read differently). */
export function mailFanAboutRefund(
  ctx: MailFanContext,
  opts: { fanId: string; creatorId: string; messageId: string },
): Promise<void> {
  return mailFan(ctx, 'message-refund', opts, async (about) => {
    const [row] = await ctx.db
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
    return refundMail({
      creatorName: about.creatorName,
      amountCents: row?.amount ?? 0,
      // The window this message had, even if the setting has changed since.
      windowHours:
        row?.paidAt && row.expiresAt ? Math.round((row.expiresAt.getTime() - row.paidAt.getTime()) / 3_600_000) : null,
      how,
      link: about.link,
    });
  });
}

/** Issue #13: the creator declined the fan's message (with a reason); the hold was released or the charge refunded. */
export function mailFanAboutDecline(
  ctx: MailFanContext,
  opts: { fanId: string; creatorId: string; messageId: string; reason: string; note: string | null },
): Promise<void> {
  // A decline gives the money back: it is mailed, and switched, as a refund/release mail.
  return mailFan(ctx, 'message-refund', opts, async (about) => {
    const [row] = await ctx.db
      .select({ amount: payments.amountTotal, status: payments.status })
      .from(payments)
      .where(eq(payments.messageId, opts.messageId));
    return declineMail({
      creatorName: about.creatorName,
      amountCents: row?.amount ?? 0,
      reason: opts.reason,
      note: opts.note,
      how: row?.status === 'succeeded' || row?.status === 'refunded' ? 'refunded' : 'released',
      link: about.link,
    });
  });
}
