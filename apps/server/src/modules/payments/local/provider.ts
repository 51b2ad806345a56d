import type { PaymentProvider } from '../provider';

/**
 * The built-in test provider (ARCHITECTURE §2): checkout is our own card form at /checkout/{id},
 * clearly labelled as a test payment; authorizing, capturing and releasing are bookkeeping only.
 * The checkout URL is relative: the browser stays on the origin it opened the app at (and so keeps
 * its session cookie), whether that is PUBLIC_URL, 127.0.0.1 or a LAN address.
 */
export function createLocalProvider(holdLimitHours: number): PaymentProvider {
  // The simulated bank's answer per account (decision 0029): kept in memory, like a test bank account
  // number; it pays unless the creator switched it to reject under Settings → Payout.
  const rejecting = new Set<string>();
  return {
    name: 'local',
    holdLimitHours,
    async createCheckout({ payment }) {
      return { url: `/checkout/${encodeURIComponent(payment.id)}`, checkoutSessionId: null };
    },
    async capture() {
      return 'captured';
    },
    async release() {},
    async refund() {
      return { refundId: null, status: 'succeeded', failureReason: null };
    },
    // No processingFee: the test provider charges no fee, so none is booked (decision 0056).
    payouts: {
      // The simulated onboarding (clearly labelled, never in production) stands in for the provider's pages.
      // Relative, like the checkout URL: the browser stays on the origin it opened the app at.
      async createAccount(creator) {
        return `local_acct_${creator.id}`;
      },
      async onboardingLink(accountId) {
        return `/dashboard/settings/payout-onboarding?${new URLSearchParams({ account: accountId })}`;
      },
      // Simulated rails (the demo's, labelled as a test payout on screen): transfers always go
      // through, and a payout is in transit until the next reconciler pass asks, then paid.
      async transferEarning(earning) {
        return { state: 'paid', transferId: `local_tr_${earning.id}` };
      },
      async startPayout(payout, accountId) {
        if (rejecting.has(accountId)) {
          return {
            state: 'refused',
            reason: 'The simulated bank rejected this payout (test mode).',
            code: 'simulated_bank_rejected',
          };
        }
        return { state: 'started', providerPayoutId: `local_po_${payout.id}_${payout.attempt}` };
      },
      simulatedBank: {
        get: (accountId) => (rejecting.has(accountId) ? 'reject' : 'pay'),
        set: (accountId, outcome) => {
          if (outcome === 'reject') rejecting.add(accountId);
          else rejecting.delete(accountId);
        },
      },
      async payoutState(providerPayoutId) {
        const [, , payoutId = null, attempt = null] = providerPayoutId.split('_');
        return {
          payoutId,
          attempt: attempt === null ? null : Number(attempt),
          status: 'paid',
          failureCode: null,
          failureMessage: null,
        };
      },
      // The simulated account always has the money back (a reversal Stripe refuses is tested against its stand-in).
      async reverseTransfer() {
        return { state: 'reversed' };
      },
    },
  };
}
