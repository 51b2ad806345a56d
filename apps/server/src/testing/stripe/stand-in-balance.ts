import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { mustFind, onlyKnown, str } from './stand-in-checks';
import type { ConnectState } from './stand-in-connect-state';
import { page } from './stand-in-page';
import type { StandInRoute } from './stand-in-server';

type Obj = Record<string, unknown>;

/**
 * Connected accounts' balances as Stripe keeps them (decision 0052): money comes in as balance
 * transactions, `pending` until their `available_on`, then `available`. A transfer funded by a charge
 * (`source_transaction`) lands pending until the charge's own funds are available ("A pending balance
 * will transfer immediately but the funds will not become available until the original charge becomes
 * available", Transfers.d.ts); one from the platform's available balance lands available. Funds are
 * moved by the stand-in's clock, lazily, whenever a balance is read or spent.
 */
export function creditConnected(
  state: ConnectState,
  account: string,
  amount: number,
  availableOn: number | null,
  type = 'payment',
): Obj {
  const now = state.nowS();
  const pending = availableOn !== null && availableOn > now;
  const txn: Obj = {
    id: `txn_${randomBytes(12).toString('hex')}`,
    object: 'balance_transaction',
    amount,
    available_on: availableOn ?? now,
    created: now,
    currency: 'usd',
    description: null,
    exchange_rate: null,
    fee: 0,
    fee_details: [],
    net: amount,
    reporting_category: amount < 0 ? 'charge_refund' : 'charge',
    source: `py_${randomBytes(12).toString('hex')}`,
    status: pending ? 'pending' : 'available',
    type,
    account,
  };
  state.balanceTransactions.set(txn.id as string, txn);
  if (!pending) state.balances.set(account, (state.balances.get(account) ?? 0) + amount);
  return txn;
}

/** Every pending transaction whose available_on has come is available now (Stripe's daily roll, by the clock). */
export function settleFunds(state: ConnectState): void {
  const now = state.nowS();
  for (const txn of state.balanceTransactions.values()) {
    if (txn.status !== 'pending' || (txn.available_on as number) > now) continue;
    txn.status = 'available';
    // The platform's own transactions (stand-in-fees.ts) carry no account and no connected balance.
    const account = txn.account as string | undefined;
    if (account) state.balances.set(account, (state.balances.get(account) ?? 0) + (txn.amount as number));
  }
}

/** The account's pending total in cents (settled first). */
export function pendingOf(state: ConnectState, account: string): number {
  settleFunds(state);
  return [...state.balanceTransactions.values()]
    .filter((t) => t.account === account && t.status === 'pending')
    .reduce((sum, t) => sum + (t.amount as number), 0);
}

const amounts = (amount: number) => [{ amount, currency: 'usd', source_types: { card: amount } }];
const withoutAccount = (txn: Obj) => {
  const { account: _account, ...rest } = txn;
  return rest;
};

/** GET /v1/balance and /v1/balance_transactions, the platform's or (Stripe-Account) a connected account's. */
export function balanceRoutes(state: ConnectState): StandInRoute[] {
  const accountOf = (headers: http.IncomingHttpHeaders) => {
    const id = headers['stripe-account'];
    return typeof id === 'string' ? id : null;
  };
  return [
    [
      'GET',
      /^\/v1\/balance$/,
      (form, _m, headers) => {
        onlyKnown(form, ['expand']);
        const account = accountOf(headers);
        if (!account) {
          return {
            object: 'balance',
            available: amounts(state.platformBalance.available),
            pending: amounts(0),
            connect_reserved: amounts(0),
            livemode: false,
          };
        }
        mustFind(state.accounts, account, 'account');
        const pending = pendingOf(state, account);
        return {
          object: 'balance',
          available: amounts(state.balances.get(account) ?? 0),
          pending: amounts(pending),
          livemode: false,
        };
      },
    ],
    [
      'GET',
      /^\/v1\/balance_transactions$/,
      (form, _m, headers) => {
        onlyKnown(form, ['limit', 'starting_after', 'created', 'type', 'source', 'currency', 'payout']);
        settleFunds(state);
        const account = accountOf(headers);
        const type = str(form, 'type');
        const mine = [...state.balanceTransactions.values()].filter(
          (t) => (t.account ?? null) === account && (!type || t.type === type),
        );
        return page(mine.map(withoutAccount), form, '/v1/balance_transactions');
      },
    ],
  ];
}
