import type Stripe from 'stripe';
import { syncPayoutAccount } from '../payout-account';
import type { StripeEventContext } from './event-context';

/** account.updated (Stripe Connect): the connected account is read back from Stripe; the event's copy is never trusted. */
export async function onAccountUpdated({ app }: StripeEventContext, eventAccount: Stripe.Account) {
  return syncPayoutAccount(app, { accountId: eventAccount.id });
}
