import { payoutFundsArrived } from '../../ledger';
import type { StripeEventContext } from './event-context';

/**
 * balance.available on a creator's connected account (a Connect event, decision 0052): funds that were
 * pending became available, so payouts waiting for them look at the balance now. The event's balance
 * is not trusted: the payout reads it back from Stripe before asking for the payout.
 */
export async function onBalanceAvailable({ app }: StripeEventContext, account: string | undefined): Promise<string> {
  if (!account) return 'not a connected account balance';
  const woken = await payoutFundsArrived(app, { accountId: account });
  return `${woken} waiting payouts looked at`;
}
