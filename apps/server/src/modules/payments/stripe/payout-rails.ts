import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { PayoutRails } from '../provider';

/**
 * Stripe Connect Express for payouts (ARCHITECTURE §2, §8): an Express account per creator, account
 * links for onboarding, a transfer per payout keyed by our payout id.
 */
export function createStripePayoutRails(stripe: Stripe): PayoutRails {
  return {
    async createAccount(creator) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          ...(creator.email && { email: creator.email }),
          capabilities: { transfers: { requested: true } },
          metadata: { creator_id: creator.id },
        },
        { idempotencyKey: `fanline:connect:${creator.id}:account` },
      );
      return account.id;
    },

    async onboardingLink(accountId, { returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create(
        { account: accountId, type: 'account_onboarding', return_url: returnUrl, refresh_url: refreshUrl },
        // Links are single-use and move no money: each request wants a fresh one.
        { idempotencyKey: `fanline:connect:${accountId}:link:${randomUUID()}` },
      );
      return link.url;
    },

    async accountReady(accountId) {
      return isAccountReady(await stripe.accounts.retrieve(accountId));
    },

    async transfer(payout, accountId) {
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: payout.amount,
            currency: 'usd',
            destination: accountId,
            transfer_group: `payout_${payout.id}`,
            metadata: { payout_id: payout.id },
          },
          { idempotencyKey: `fanline:payout:${payout.id}:transfer` },
        );
        return { state: 'paid', transferId: transfer.id };
      } catch (error) {
        // Stripe looked at the request and said no (account not ready, platform balance short): final.
        // Anything else (network, 5xx, rate limit) propagates, and the reconciler retries with the same key.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripePermissionError
        ) {
          return { state: 'refused', reason: error.message };
        }
        throw error;
      }
    },
  };
}

/** The account can take payouts: its details are in and Stripe allows payouts to it. */
export function isAccountReady(account: Stripe.Account): boolean {
  return account.details_submitted === true && account.payouts_enabled === true;
}
