import { formatCents } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { payouts } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { mailUser } from '../notifications';
import { payoutFailureAdvice } from './payout-advice';

type PayoutRow = typeof payouts.$inferSelect;

/** The creator's mail about a payout that reached the bank or failed (plain text; decision 0029). */
export function payoutStatusMail(payout: PayoutRow, link: string): { subject: string; text: string } | null {
  const amount = formatCents(payout.amount);
  if (payout.status === 'paid') {
    return {
      subject: `Your ${amount} payout has arrived`,
      text: `Your payout of ${amount} has been paid to your bank account.\n\nYour earnings and payout history:\n${link}`,
    };
  }
  if (payout.status !== 'failed') return null;
  const reason = payout.failureReason ? `: ${payout.failureReason}` : '.';
  return {
    subject: `Your ${amount} payout could not be paid`,
    text: `Your payout of ${amount} failed${reason}\n\n${payoutFailureAdvice(payout)}\n\n${link}`,
  };
}

/** The outbox effect's handler: mails the payout's answer as it stands (a repeat of an old mail says the same). */
export async function mailPayoutStatus(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>,
  opts: { payoutId: string },
): Promise<void> {
  const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.id, opts.payoutId));
  if (!payout) return;
  const mail = payoutStatusMail(payout, `${ctx.config.publicUrl}/dashboard/earnings`);
  if (!mail) return;
  await mailUser(ctx, payout.creatorId, 'payout-status', () => mail);
}
