import type Stripe from 'stripe';
import { applyPayoutNews } from '../../ledger';
import type { StripeEventContext } from './event-context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * payout.paid / payout.failed / payout.updated / payout.canceled on a creator's connected account
 * (a Connect event: `account` names it). The payout is read back from Stripe on that account, and what
 * it says now is booked by applyPayoutNews, which acts once per change in whatever order events come:
 * a payout.paid before our own answer was booked books the transfer first; a payout.failed after
 * payout.paid (the bank returned it) moves the money back; an earlier attempt's news is ignored.
 */
export async function onPayoutEvent(
  { app }: StripeEventContext,
  eventPayout: Stripe.Payout,
  account: string | undefined,
): Promise<string> {
  if (!account) return 'not a connected account payout';
  const state = await app.payments.payouts.payoutState(eventPayout.id, account);
  if (!state.payoutId || !UUID.test(state.payoutId) || state.attempt === null) return 'not our payout';
  const booked = await applyPayoutNews(
    app,
    state.payoutId,
    state.status === 'failed'
      ? {
          attempt: state.attempt,
          status: 'failed',
          providerPayoutId: eventPayout.id,
          failureCode: state.failureCode,
          failureMessage: state.failureMessage,
        }
      : { attempt: state.attempt, status: state.status, providerPayoutId: eventPayout.id },
  );
  return booked ? `payout ${booked.status}` : 'unknown payout';
}
