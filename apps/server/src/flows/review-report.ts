import type { TModerationReview } from '@fanline/contracts';
import { decideReport } from '../modules/moderation';
import { type Effect, enqueueEffects } from '../modules/outbox';
import { paymentOfMessage, refundUpheldEffect } from '../modules/payments';
import type { AppContext } from '../platform/context';
import { carryOutEffects, effect } from './effects';

/**
 * Flag ruling: an admin approves or rejects a pending report (spec §2 Review dialog). moderation's
 * decideReport rules in one transaction (audited, the people concerned notified), and in that same
 * transaction the people's tabs are told and a "not an answer" flag's effects (decision 0016) are
 * written to the outbox (decision 0022): approved, the captured payment is refunded (after its capture,
 * in the payment's order) and then the fan is mailed; rejected, the creator's held earnings that are
 * due become payable now rather than at the next jobs pass. They are carried out once it commits.
 */
export async function reviewReport(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'payments' | 'config' | 'mailer' | 'log' | 'outbox' | 'storage'>,
  input: { adminId: string; reportId: string; review: TModerationReview },
): Promise<{ status: 'approved' | 'rejected' }> {
  const now = ctx.clock.now();
  const decided = await decideReport(ctx, input, async (tx, ruling) => {
    const deliverHere = await ctx.events.publishAll(
      ruling.notified.map((n) => ({
        userIds: [n.userId],
        event: { type: 'notification' as const, notificationId: n.notificationId },
      })),
      tx,
    );
    const effects: Effect[] = [];
    const { flag } = ruling;
    let refundKey: string | null = null;
    if (flag?.approved) {
      const payment = await paymentOfMessage(tx, flag.messageId);
      const refund = refundUpheldEffect(flag.messageId, payment?.id ?? null);
      refundKey = refund.key;
      effects.push(
        refund,
        effect(
          'mail-flag-refund',
          `mail-flag-refund:${flag.messageId}`,
          { fanId: flag.fanId, messageId: flag.messageId },
          { after: refund.key },
        ),
      );
    } else if (flag) {
      effects.push(effect('release-due-earnings', `release-due:${input.reportId}`, { creatorId: flag.creatorId }));
    }
    return { deliverHere, refundKey, effects: await enqueueEffects(tx, effects, now) };
  });
  decided.followUp.deliverHere();
  const outcome = await carryOutEffects(ctx, decided.followUp.effects);
  // As before the outbox, the admin hears that the refund did not go through now (a 500 with its
  // request id); the ruling stands and the outbox retries the refund.
  const { refundKey } = decided.followUp;
  if (refundKey && outcome.failedKeys.includes(refundKey)) {
    throw new Error('the refund of an upheld flag failed after the ruling; the outbox retries it');
  }
  return { status: decided.status };
}
