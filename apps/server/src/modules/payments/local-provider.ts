import type { PaymentProvider } from './provider';

/**
 * The built-in test provider (ARCHITECTURE §2): checkout is our own card form at /checkout/{id},
 * clearly labelled as a test payment; authorizing, capturing and releasing are bookkeeping only.
 */
export function createLocalProvider(publicUrl: string, holdLimitHours: number): PaymentProvider {
  return {
    name: 'local',
    holdLimitHours,
    async createCheckout({ payment }) {
      return { url: `${publicUrl}/checkout/${payment.id}`, checkoutSessionId: null };
    },
    async capture() {
      return 'captured';
    },
    async release() {},
    async refund() {},
    payouts: {
      // The simulated onboarding (clearly labelled, never in production) stands in for the provider's pages.
      async createAccount(creator) {
        return `local_acct_${creator.id}`;
      },
      async onboardingLink(accountId) {
        return `${publicUrl}/dashboard/settings/payout-onboarding?${new URLSearchParams({ account: accountId })}`;
      },
      async transfer(payout) {
        return { state: 'paid', transferId: `local_tr_${payout.id}` };
      },
    },
  };
}

/** Test cards of the local checkout: Stripe's well-known numbers, so testers need learn only one set. */
export const LOCAL_TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;
