import { mustFind } from './stand-in-checks';
import type { ConnectState } from './stand-in-connect-state';

type Obj = Record<string, unknown>;

/**
 * A payout's moves on the bank's side that Fanline neither makes nor answers (issue 37 gap 8), by the
 * rules of Stripe's Payout object: `pending` → `in_transit` once submitted to the bank; only a pending
 * payout can be canceled, and a canceled payout's money goes back to the account's balance. Each
 * returns the payout (with its `account`) and, for the move's payout.updated, what changed before it.
 */
export function payoutInTransit(state: ConnectState, payoutId: string): { payout: Obj; previous: Obj } {
  const payout = mustFind(state.payouts, payoutId, 'payout');
  if (payout.status !== 'pending') throw new Error(`payout ${payoutId} is ${payout.status}, not pending`);
  payout.status = 'in_transit';
  return { payout, previous: { status: 'pending' } };
}

export function cancelPayout(state: ConnectState, payoutId: string): { payout: Obj; previous: Obj } {
  const payout = mustFind(state.payouts, payoutId, 'payout');
  // Stripe: "You can cancel a previously created payout if its status is pending."
  if (payout.status !== 'pending') throw new Error(`payout ${payoutId} is ${payout.status}, not pending`);
  // Stripe's canceled payouts carry no failure code or message: the cancellation is the news.
  Object.assign(payout, { status: 'canceled', failure_code: null, failure_message: null });
  const account = payout.account as string;
  state.balances.set(account, (state.balances.get(account) ?? 0) + (payout.amount as number));
  return { payout, previous: { status: 'pending' } };
}
