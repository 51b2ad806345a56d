import { NOT_AN_ANSWER_MESSAGES, RETURN_NOTES, type TModerationReview } from '@fanline/contracts';
import { releaseDueEarnings } from '../modules/ledger';
import { decideReport } from '../modules/moderation';
import { mailUser } from '../modules/notifications';
import { refundCapturedPayment } from '../modules/payments';
import type { AppContext } from '../platform/context';

/**
 * Flag ruling: an admin approves or rejects a pending report (spec §2 Review dialog). moderation's
 * decideReport rules in one transaction (audited, the people concerned notified). A "not an answer"
 * flag (decision 0016) also moves money once the ruling has committed: approved, the captured payment
 * is refunded (refundCapturedPayment, the provider refund and a balanced reversal of the capture) and
 * the fan is mailed; rejected, the earning is no longer held and becomes payable once its 48-hour
 * window has passed.
 */
export async function reviewReport(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'payments' | 'config' | 'mailer' | 'log'>,
  input: { adminId: string; reportId: string; review: TModerationReview },
): Promise<{ status: 'approved' | 'rejected' }> {
  const decided = await decideReport(ctx, input);
  if (decided.flag?.approved) {
    // After the ruling commits, as every provider call (decision 0005). Until the refund is booked the
    // upheld flag keeps the earning held, so it is never paid out meanwhile.
    await refundCapturedPayment(ctx, { messageId: decided.flag.messageId });
    await mailUser(ctx, decided.flag.fanId, 'message-refund', () => ({
      subject: NOT_AN_ANSWER_MESSAGES.refundMailSubject,
      text: `${NOT_AN_ANSWER_MESSAGES.approvedFanBody}\n\n${RETURN_NOTES.refunded}`,
    }));
  }
  // Rejected after the window: payable now rather than at the next jobs pass.
  if (decided.flag && !decided.flag.approved) await releaseDueEarnings(ctx, { creatorId: decided.flag.creatorId });
  for (const n of decided.notified)
    await ctx.events.publish([n.userId], { type: 'notification', notificationId: n.notificationId });
  return { status: decided.status };
}
