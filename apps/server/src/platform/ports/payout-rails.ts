// How creators get paid, the provider's side (decision 0074: a port in the platform; adapters in payments).
/**
 * How creators get paid (decision 0029): a connected account, onboarding on the provider's pages, one
 * transfer per earning tied to its charge, then one payout per Fanline payout from the account to the
 * creator's bank. Every money call is keyed by our own ids, so a retry never pays twice.
 */
export interface PayoutRails {
  /** Creates the creator's connected account (manual payout schedule). Keyed by the creator, so a double click makes one. */
  createAccount(creator: { id: string; email: string | null }): Promise<string>;
  /** A one-time onboarding link: the provider sends the browser back to returnUrl, or refreshUrl when it expired. */
  onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  /** The account's state read from the provider now. Absent: our own row is the truth. */
  accountState?(accountId: string): Promise<PayoutAccountState>;
  /** Switches an account made before decision 0029 to the manual payout schedule. */
  useManualPayouts?(accountId: string): Promise<void>;
  /** A single-use link into the provider's dashboard for the account (Stripe Express). Absent: none exists. */
  dashboardLink?(accountId: string): Promise<string>;
  /**
   * Moves one earning's share to the account, funded by its own charge, unless a transfer for it in
   * this payout exists already (decision 0049). 'refused' is final; a throw is retried.
   */
  transferEarning(
    earning: { id: string; amount: number; providerPaymentId: string | null; payoutId: string },
    accountId: string,
  ): Promise<TransferOutcome>;
  /**
   * Pays money at the account out to its bank; `attempt` names a retry after a failure. A payout made
   * already for this payout and attempt is found, not made again (decision 0049). While the account's
   * available balance is short of the amount (funds still pending), nothing is made: 'waiting' (decision 0052).
   */
  startPayout(
    payout: {
      id: string;
      amount: number;
      attempt: number;
      /**
       * Which look at the balance of a payout that waited for its funds (its check_funds_at, decision 0052);
       * null on the first. A call refused for a short balance is stored under its key, so each look has its own.
       */
      look?: string | null;
    },
    accountId: string,
  ): Promise<PayoutStart>;
  /** Where a started payout stands, read now. */
  payoutState(providerPayoutId: string, accountId: string): Promise<ProviderPayoutState>;
  /**
   * Takes back what is left of an earning's transfer (a refund after transfer; part of it may have been
   * reversed in the provider's dashboard, decision 0049). Idempotent on the earning. 'refused' is final:
   * the provider will not take it back (Stripe reverses a transfer_group transfer only while the account's
   * balance covers it), so the caller nets it against the creator's next payouts (decision 0055).
   */
  reverseTransfer(earning: { id: string; amount: number; transferId: string }): Promise<ReversalOutcome>;
  /**
   * The built-in provider's simulated bank (test mode only, labelled on screen): whether it pays or
   * rejects the account's payouts, read and set. Absent with a real provider.
   */
  simulatedBank?: {
    get(accountId: string): 'pay' | 'reject';
    set(accountId: string, outcome: 'pay' | 'reject'): void;
  };
  /** A transfer as the provider has it now: how much of it was reversed (transfer.reversed). */
  transferState?(transferId: string): Promise<{ amount: number; amountReversed: number }>;
}

export type PayoutAccountState = {
  /** incomplete: details missing; enabled: payouts allowed; restricted: details in, payouts disabled. */
  state: 'incomplete' | 'enabled' | 'restricted';
  /** Whether the account pays out only when we ask (decision 0029); false for accounts made before. */
  manualPayouts: boolean;
};

/** What became of a transfer reversal: done (or nothing was left), or refused by the provider. */
export type ReversalOutcome = { state: 'reversed' } | { state: 'refused'; reason: string; code?: string };

/** A refusal's `code` is `idempotency_conflict` when the provider refused a key reused with other parameters. */
export type TransferOutcome =
  | { state: 'paid'; transferId: string }
  | { state: 'refused'; reason: string; code?: string };

/**
 * `waiting`: the money is on the account but not yet available to pay out (Stripe's pending balance while
 * the charges behind it settle, decision 0052); `availableOn` is when the provider says it will be, if it says.
 */
export type PayoutStart =
  | { state: 'started'; providerPayoutId: string }
  | { state: 'waiting'; availableOn: Date | null }
  | { state: 'refused'; reason: string; code?: string };

export type ProviderPayoutState = {
  /** Our payout and attempt, from the payout's metadata (null on a payout we did not make). */
  payoutId: string | null;
  attempt: number | null;
  status: 'in_transit' | 'paid' | 'failed';
  failureCode: string | null;
  failureMessage: string | null;
};
