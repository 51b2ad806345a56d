import type { AppContext } from '../../platform/context';
import {
  type MailContent,
  payoutAccountEnabledMail,
  payoutAccountIncompleteMail,
  payoutAccountRestrictedMail,
} from '../../platform/mail';
import { mailUser } from '../notifications';

type AccountState = 'incomplete' | 'enabled' | 'restricted';

/** The creator's mail about their payout account's new state (decision 0029, templates of decision 0030). */
export function payoutAccountMail(state: AccountState, base: string): MailContent {
  const settingsUrl = `${base}/dashboard/settings?tab=payout`;
  switch (state) {
    case 'enabled':
      return payoutAccountEnabledMail({ earningsUrl: `${base}/dashboard/earnings` });
    case 'restricted':
      return payoutAccountRestrictedMail({ settingsUrl });
    default:
      return payoutAccountIncompleteMail({ settingsUrl });
  }
}

/** The outbox effect's handler: mails the creator the state they were told about when it changed. */
export async function mailPayoutAccountState(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>,
  opts: { creatorId: string; state: AccountState },
): Promise<void> {
  await mailUser(ctx, opts.creatorId, 'payout-status', () => payoutAccountMail(opts.state, ctx.config.publicUrl));
}
