import { eq } from 'drizzle-orm';
import { disputes, payments, profiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { disputeMail } from '../../platform/mail';
import { mailUser } from '../notifications';

/**
 * The outbox effect's handler (decision 0054): the fan's or the creator's mail about a chargeback, built
 * from the dispute and payment as they are now (the stage is the one the change told them about).
 */
export async function mailDispute(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>,
  opts: { disputeId: string; audience: 'fan' | 'creator'; stage: 'opened' | 'won' | 'lost' },
): Promise<void> {
  const [row] = await ctx.db
    .select({ dispute: disputes, payment: payments })
    .from(disputes)
    .innerJoin(payments, eq(payments.id, disputes.paymentId))
    .where(eq(disputes.id, opts.disputeId));
  if (!row) return;
  const { dispute, payment } = row;
  const [creator] = await ctx.db
    .select({ displayName: profiles.displayName, username: profiles.username })
    .from(profiles)
    .where(eq(profiles.id, payment.recipientId));
  const base = ctx.config.publicUrl;
  const fan = opts.audience === 'fan';
  await mailUser(ctx, fan ? payment.senderId : payment.recipientId, fan ? 'message-refund' : 'payout-status', () =>
    disputeMail({
      audience: opts.audience,
      stage: opts.stage,
      amountCents: dispute.amount,
      shareCents: payment.amountCreator,
      clawedBack: dispute.earningAction === 'clawed_back',
      creatorName: creator?.displayName ?? `@${creator?.username ?? 'creator'}`,
      link: fan ? `${base}/messages${payment.messageId ? `/${payment.messageId}` : ''}` : `${base}/dashboard/earnings`,
    }),
  );
}
