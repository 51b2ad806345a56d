type Obj = Record<string, unknown>;

/** What the Connect half of the stand-in keeps (stand-in-connect.ts, stand-in-balance.ts, stand-in-payouts.ts). */
export interface ConnectState {
  accounts: Map<string, Obj>;
  accountLinks: Obj[];
  loginLinks: Obj[];
  transfers: Map<string, Obj>;
  /** Payouts made on connected accounts (each names its account in `account`, as the stand-in keeps them). */
  payouts: Map<string, Obj>;
  /** Each connected account's available balance in cents: funds that became available, reversals and payouts out. */
  balances: Map<string, number>;
  /** The platform's available balance in cents; a transfer above it is refused as Stripe does. */
  platformBalance: { available: number };
  /**
   * Connected accounts' balance transactions (each names its account in `account`): pending until
   * `available_on`, then counted in `balances` (decision 0052, stand-in-balance.ts).
   */
  balanceTransactions: Map<string, Obj>;
  /** Each captured charge's available_on (shared with the intents): when funds it paid for are available. */
  fundsOn: Map<string, number>;
  /**
   * Stripe's rule for transfers made with a `transfer_group` ("possible to reverse … only if the destination
   * account has enough balance to cover the reversal", its API reference): on, an API reversal above the
   * account's balance (available and pending) is refused with `balance_insufficient` (decision 0055). Off
   * (the default, as before), the balance may go negative. A test turns it on: `standIn.connect.reversalsNeedBalance = true`.
   */
  reversalsNeedBalance?: boolean;
  /** The stand-in's clock in seconds. */
  nowS: () => number;
}
