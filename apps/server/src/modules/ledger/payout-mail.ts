import { eq } from 'drizzle-orm';
import { payouts } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import {
  type MailContent,
  payoutCanceledMail,
  payoutFailedMail,
  payoutPaidMail,
  payoutRefusedMail,
} from '../../platform/mail';
import { mailUser } from '../notifications';
import { PAYOUT_CANCELED, payoutFailureAdvice } from './payout-advice';

type PayoutRow = typeof payouts.$inferSelect;

/**
 * The creator's mail about a payout's answer (decision 0029), on the templates of decision 0030:
 * paid at the bank; failed before any money moved (refused: back in the available balance); failed
 * at the bank or canceled at Stripe (the money waits on the creator's Stripe balance for a retry). Null
 * while under way.
 */
export function payoutStatusMail(payout: PayoutRow, base: string): MailContent | null {
  const earningsUrl = `${base}/dashboard/earnings`;
  if (payout.status === 'paid') return payoutPaidMail({ amountCents: payout.amount, earningsUrl });
  if (payout.status !== 'failed') return null;
  if (!payout.transferred) {
    return payoutRefusedMail({ amountCents: payout.amount, reason: payout.failureReason, earningsUrl });
  }
  // Canceled at Stripe, not refused by the bank: said as it is (decision 0053).
  if (payout.failureCode === PAYOUT_CANCELED) {
    return payoutCanceledMail({ amountCents: payout.amount, advice: payoutFailureAdvice(payout), earningsUrl });
  }
  return payoutFailedMail({
    amountCents: payout.amount,
    reason: payout.failureReason ?? 'The bank did not say why.',
    // The same words as the payout history shows next to the Retry button.
    advice: payoutFailureAdvice(payout),
    settingsUrl: `${base}/dashboard/settings?tab=payout`,
  });
}

/** The outbox effect's handler: mails the payout's answer as it stands (a repeat of an old mail says the same). */
export async function mailPayoutStatus(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>,
  opts: { payoutId: string },
): Promise<void> {
  const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.id, opts.payoutId));
  if (!payout) return;
  const mail = payoutStatusMail(payout, ctx.config.publicUrl);
  if (!mail) return;
  await mailUser(ctx, payout.creatorId, 'payout-status', () => mail);
}
