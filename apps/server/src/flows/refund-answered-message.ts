import { formatCents, type TAdminRefundAnsweredResult } from '@fanline/contracts';
import { recordAudit } from '../modules/audit';
import { earningForRefund, takeBackOf } from '../modules/ledger';
import { isPaidRow, messageStateOf } from '../modules/messages';
import { createNotification } from '../modules/notifications';
import { effectWritten, enqueueEffects } from '../modules/outbox';
import { disputedNow, type PaymentRow, paymentRowOfMessage, refundAnsweredEffect } from '../modules/payments';
import type { AppContext } from '../platform/context';
import { AppError, notFound } from '../platform/errors';
import { carryOutEffects, type EffectContext, effect } from './effects';

/**
 * An admin rules for the fan on an answered message (issue 37 point 3, decision 0055): the fan's captured
 * payment is refunded and the creator's earning taken back, paid out or not. The ruling commits first, in
 * one transaction under the payment's lock: the audit row (before, after, the admin's reason), both
 * people's bell, and the outbox effects: the refund (refundCapturedPayment: the ledger cancels an unpaid
 * earning, the provider reverses a paid-out one's transfer, or, refused, the share is netted against the
 * creator's next payouts), then each person's mail. They are carried out once it has committed; a provider
 * that does not answer leaves the refund to the outbox's retries ('queued'). The ruling is made once: a
 * second click finds it (or the refund done) and answers 'already'.
 */
export async function refundAnsweredMessage(
  ctx: EffectContext,
  opts: { adminId: string; messageId: string; reason: string },
): Promise<TAdminRefundAnsweredResult> {
  const { messageId } = opts;
  const message = await messageStateOf(ctx.db, messageId);
  if (!message) throw notFound('Message not found');
  if (!isPaidRow(message)) throw new AppError('CONFLICT', 'This message was free: no payment to refund.');
  if (message.status !== 'responded') {
    throw new AppError('CONFLICT', 'This message was not answered: refund it with the refund of unanswered messages.');
  }
  const now = ctx.clock.now();
  const ruling = await ctx.db.transaction(async (tx) => {
    // The payment's lock serialises two clicks: the second sees the first one's ruling.
    const payment = await paymentRowOfMessage(tx, messageId, { lock: true });
    if (!payment) throw new AppError('CONFLICT', 'This message has no payment to refund.');
    const refund = refundAnsweredEffect(messageId, payment.id);
    if (payment.status === 'refunded' || (await effectWritten(tx, refund.key))) return { payment, effects: null };
    if (payment.status === 'authorized') {
      throw new AppError('CONFLICT', 'The reply is still being charged to the fan; try again in a minute.');
    }
    if (payment.status !== 'succeeded') throw new AppError('CONFLICT', 'This message has no payment to refund.');
    // A chargeback is the bank's to decide (decision 0054); a refund on top would pay the fan twice.
    if (await disputedNow(tx, payment.id)) {
      throw new AppError('CONFLICT', 'The fan disputed this payment with their bank: see Admin → Disputes.');
    }
    const earning = await earningForRefund(tx, { messageId });
    if (!earning) {
      // In a payout whose transfer has not gone out yet: its outcome decides how it can be taken back.
      throw new AppError(
        'CONFLICT',
        'The creator’s payout with this earning is on its way; try again once it is sent.',
      );
    }
    const amount = formatCents(payment.amountTotal);
    await recordAudit(tx, {
      adminId: opts.adminId,
      action: 'message.refund_answered',
      targetType: 'message',
      targetId: messageId,
      before: { status: 'responded', paymentStatus: 'succeeded', earning: earning.transfer ? 'paid_out' : 'unpaid' },
      after: {
        paymentStatus: 'refunded',
        earning: earning.transfer ? 'reversed' : 'refunded',
        amountCents: payment.amountTotal,
        reason: opts.reason,
      },
      now,
    });
    const fanNote = await createNotification(tx, {
      userId: payment.senderId,
      type: 'message_refunded',
      title: 'Your payment was refunded',
      body: `Fanline refunded your ${amount} payment for this answered message.`,
      messageId,
      now,
    });
    const creatorNote = await createNotification(tx, {
      userId: payment.recipientId,
      type: 'message_refunded',
      title: 'An answered message was refunded',
      body: `Fanline refunded the fan's ${amount}; your ${formatCents(payment.amountCreator)} earning is taken back.`,
      messageId,
      now,
    });
    const deliverHere = await ctx.events.publishAll(
      [
        { userIds: [payment.senderId], event: { type: 'notification' as const, notificationId: fanNote } },
        { userIds: [payment.recipientId], event: { type: 'notification' as const, notificationId: creatorNote } },
      ],
      tx,
    );
    const mails = { after: refund.key };
    const effects = await enqueueEffects(
      tx,
      [
        refund,
        effect(
          'mail-admin-refund',
          `mail-admin-refund:${messageId}`,
          { fanId: payment.senderId, messageId, amountCents: payment.amountTotal },
          mails,
        ),
        effect(
          'mail-earning-taken-back',
          `mail-earning-taken-back:${messageId}`,
          {
            creatorId: payment.recipientId,
            messageId,
            paymentId: payment.id,
            amountCents: payment.amountTotal,
            earningCents: payment.amountCreator,
          },
          mails,
        ),
      ],
      now,
    );
    return { payment, effects, deliverHere, refundKey: refund.key };
  });

  if (!ruling.effects) return answer(ctx, ruling.payment, 'already');
  ruling.deliverHere?.();
  const outcome = await carryOutEffects(ctx, ruling.effects);
  const done = !outcome.failedKeys.includes(ruling.refundKey ?? '');
  const after = await paymentRowOfMessage(ctx.db, messageId);
  const result =
    !done || after?.status !== 'refunded' ? 'queued' : after.refundStatus === 'failed' ? 'owed' : 'refunded';
  return answer(ctx, after ?? ruling.payment, result);
}

async function answer(
  ctx: Pick<AppContext, 'db'>,
  payment: PaymentRow,
  outcome: TAdminRefundAnsweredResult['outcome'],
): Promise<TAdminRefundAnsweredResult> {
  const takeBack =
    payment.status === 'refunded' && payment.messageId
      ? await takeBackOf(ctx.db, { paymentId: payment.id, messageId: payment.messageId })
      : null;
  return { outcome, takeBack, amountCents: payment.amountTotal, paymentStatus: payment.status };
}
