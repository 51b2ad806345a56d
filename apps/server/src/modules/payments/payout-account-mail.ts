import { formatCents, LIMITS } from '@fanline/contracts';
import type { AppContext } from '../../platform/context';
import { mailUser } from '../notifications';

type AccountState = 'incomplete' | 'enabled' | 'restricted';

/** The creator's mail about their payout account's new state (plain text; decision 0029). */
export function payoutAccountMail(state: AccountState, link: string): { subject: string; text: string } {
  switch (state) {
    case 'enabled':
      return {
        subject: 'Payouts are enabled on your Fanline account',
        text: `Stripe has verified your payout account, so you can request payouts of your available earnings (at least ${formatCents(LIMITS.minimumPayoutCents)}).\n\nYour earnings:\n${link}`,
      };
    case 'restricted':
      return {
        subject: 'Payouts to you are paused',
        text: `Stripe has paused payouts to your account until it gets more information from you. Open Settings → Payout and finish what Stripe asks for; your earnings stay safe meanwhile.\n\n${link}`,
      };
    default:
      return {
        subject: 'Finish setting up your payout account',
        text: `Your payout account needs more details before Stripe can pay you. Open Settings → Payout and continue the setup.\n\n${link}`,
      };
  }
}

/** The outbox effect's handler: mails the creator the state they were told about when it changed. */
export async function mailPayoutAccountState(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>,
  opts: { creatorId: string; state: AccountState },
): Promise<void> {
  const link =
    opts.state === 'enabled'
      ? `${ctx.config.publicUrl}/dashboard/earnings`
      : `${ctx.config.publicUrl}/dashboard/settings?tab=payout`;
  await mailUser(ctx, opts.creatorId, 'payout-status', () => payoutAccountMail(opts.state, link));
}
