import type { TAdminRefundResult } from '@fanline/contracts';
import { recordAudit } from '../modules/audit';
import { isPaidRow, isUnansweredRow, messageStateOf } from '../modules/messages';
import { paymentOfMessage, releasePayment } from '../modules/payments';
import type { AppContext } from '../platform/context';
import { AppError, notFound } from '../platform/errors';
import { refundPaidMessages } from './expire-messages';

const paymentOf = (ctx: Pick<AppContext, 'db'>, messageId: string) => paymentOfMessage(ctx.db, messageId);

/**
 * Admin refund, the admin's stuck-payment action (issue #12): a pending paid message is expired now through the
 * expiry job's own path (refundPaidMessages: status, notification, response rate, release or refund,
 * mail); an expired message whose money was never let go gets the reconciler's releasePayment.
 * Both are idempotent, so a double click ends in 'already'. Audited when something changed.
 */
export async function refundMessage(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log' | 'outbox' | 'storage'>,
  opts: { adminId: string; messageId: string },
): Promise<TAdminRefundResult> {
  const message = await messageStateOf(ctx.db, opts.messageId);
  if (!message) throw notFound('Message not found');
  if (!isPaidRow(message)) throw new AppError('CONFLICT', 'This message was free: no payment to refund.');

  if (isUnansweredRow(message)) {
    const claimed = await refundPaidMessages(ctx, {
      messageId: opts.messageId,
      limit: 1,
      inClaim: (tx) =>
        recordAudit(tx, {
          adminId: opts.adminId,
          action: 'message.refund',
          targetType: 'message',
          targetId: opts.messageId,
          before: { status: 'sent' },
          after: { status: 'refunded' },
          now: ctx.clock.now(),
        }),
    });
    const payment = await paymentOf(ctx, opts.messageId);
    if (claimed === 1) return { outcome: 'refunded', paymentStatus: payment?.status ?? null };
  }

  const now = await messageStateOf(ctx.db, opts.messageId);
  if (now?.status === 'responded') throw new AppError('CONFLICT', 'The creator has replied: the payment goes to them.');
  if (now?.status !== 'refunded') throw new AppError('CONFLICT', 'This message has no payment to refund.');

  const payment = await paymentOf(ctx, opts.messageId);
  if (payment && (payment.status === 'authorized' || payment.status === 'succeeded')) {
    // The expiry happened but letting the money go failed (provider outage): finish it now.
    if ((await releasePayment(ctx, { paymentId: payment.id })) === 'released') {
      const after = await paymentOf(ctx, opts.messageId);
      await recordAudit(ctx.db, {
        adminId: opts.adminId,
        action: 'payment.release',
        targetType: 'payment',
        targetId: payment.id,
        before: { status: payment.status },
        after: { status: after?.status },
        now: ctx.clock.now(),
      });
      return { outcome: 'released', paymentStatus: after?.status ?? null };
    }
  }
  return { outcome: 'already', paymentStatus: payment?.status ?? null };
}
