import type { TAdminRefundResult } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages, payments } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { refundPaidMessages } from '../messages';
import { releasePayment } from '../payments';
import { recordAudit } from './record-audit';

const paymentOf = async (app: FastifyInstance, messageId: string) => {
  const [row] = await app.db
    .select({ id: payments.id, status: payments.status })
    .from(payments)
    .where(eq(payments.messageId, messageId));
  return row ?? null;
};

/**
 * The admin's stuck-payment action (issue #12): a pending paid message is expired now through the
 * expiry job's own path (refundPaidMessages: status, notification, response rate, release or refund,
 * mail); an expired message whose money was never let go gets the reconciler's releasePayment.
 * Both are idempotent, so a double click ends in 'already'. Audited when something changed.
 */
export async function refundMessage(
  app: FastifyInstance,
  input: { adminId: string; messageId: string },
): Promise<TAdminRefundResult> {
  const [message] = await app.db
    .select({ status: messages.status, amount: messages.amount, isFollowup: messages.isFollowup })
    .from(messages)
    .where(eq(messages.id, input.messageId));
  if (!message) throw notFound('Message not found');
  if (message.amount === 0 || message.isFollowup)
    throw new AppError('CONFLICT', 'This message was free: no payment to refund.');

  if (message.status === 'sent') {
    const claimed = await refundPaidMessages(app, {
      messageId: input.messageId,
      limit: 1,
      inClaim: (tx) =>
        recordAudit(tx, {
          adminId: input.adminId,
          action: 'message.refund',
          targetType: 'message',
          targetId: input.messageId,
          before: { status: 'sent' },
          after: { status: 'refunded' },
          now: app.clock.now(),
        }),
    });
    const payment = await paymentOf(app, input.messageId);
    if (claimed === 1) return { outcome: 'refunded', paymentStatus: payment?.status ?? null };
  }

  const [now] = await app.db.select({ status: messages.status }).from(messages).where(eq(messages.id, input.messageId));
  if (now?.status === 'responded') throw new AppError('CONFLICT', 'The creator has replied: the payment goes to them.');
  if (now?.status !== 'refunded') throw new AppError('CONFLICT', 'This message has no payment to refund.');

  const payment = await paymentOf(app, input.messageId);
  if (payment && (payment.status === 'authorized' || payment.status === 'succeeded')) {
    // The expiry happened but letting the money go failed (provider outage): finish it now.
    if ((await releasePayment(app, { paymentId: payment.id })) === 'released') {
      const after = await paymentOf(app, input.messageId);
      await recordAudit(app.db, {
        adminId: input.adminId,
        action: 'payment.release',
        targetType: 'payment',
        targetId: payment.id,
        before: { status: payment.status },
        after: { status: after?.status },
        now: app.clock.now(),
      });
      return { outcome: 'released', paymentStatus: after?.status ?? null };
    }
  }
  return { outcome: 'already', paymentStatus: payment?.status ?? null };
}
