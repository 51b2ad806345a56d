import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { PayoutAccountState, PayoutRails, ProviderPayoutState } from '../provider';

/**
 * Stripe Connect Express for payouts (ARCHITECTURE §2, §8, decision 0029): an Express account per
 * creator on a manual payout schedule, account links for onboarding, one transfer per earning tied to
 * its charge (`source_transaction`), then one payout on the connected account per Fanline payout.
 */
export function createStripePayoutRails(stripe: Stripe): PayoutRails {
  return {
    async createAccount(creator) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          ...(creator.email && { email: creator.email }),
          capabilities: { transfers: { requested: true } },
          // We start each payout ourselves, so payout.paid / payout.failed map 1:1 to our payout.
          settings: { payouts: { schedule: { interval: 'manual' } } },
          metadata: { creator_id: creator.id },
        },
        { idempotencyKey: `fanline:connect:${creator.id}:account:manual` },
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

    async accountState(accountId) {
      return accountStateOf(await stripe.accounts.retrieve(accountId));
    },

    async useManualPayouts(accountId) {
      await stripe.accounts.update(
        accountId,
        { settings: { payouts: { schedule: { interval: 'manual' } } } },
        { idempotencyKey: `fanline:connect:${accountId}:manual-payouts` },
      );
    },

    async dashboardLink(accountId) {
      // Express dashboard login links are single-use and short-lived; each click wants a fresh one.
      const link = await stripe.accounts.createLoginLink(
        accountId,
        {},
        { idempotencyKey: `fanline:connect:${accountId}:login:${randomUUID()}` },
      );
      return link.url;
    },

    async transferEarning(earning, accountId) {
      try {
        const chargeId = earning.providerPaymentId ? await chargeOf(stripe, earning.providerPaymentId) : null;
        if (!chargeId) return { state: 'refused', reason: 'The payment behind this earning has no charge at Stripe.' };
        const transfer = await stripe.transfers.create(
          {
            amount: earning.amount,
            currency: 'usd',
            destination: accountId,
            // Funded by this earning's own charge: no platform balance needed, and Stripe holds the
            // transfer until the charge's funds are available.
            source_transaction: chargeId,
            transfer_group: `payout_${earning.payoutId}`,
            metadata: { earning_id: earning.id, payout_id: earning.payoutId },
          },
          { idempotencyKey: `fanline:earning:${earning.id}:transfer` },
        );
        return { state: 'paid', transferId: transfer.id };
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) return { state: 'refused', reason: refusal };
        throw error;
      }
    },

    async startPayout(payout, accountId) {
      try {
        const made = await stripe.payouts.create(
          {
            amount: payout.amount,
            currency: 'usd',
            description: 'Fanline payout',
            metadata: { payout_id: payout.id, attempt: String(payout.attempt) },
          },
          { stripeAccount: accountId, idempotencyKey: `fanline:payout:${payout.id}:payout:${payout.attempt}` },
        );
        return { state: 'started', providerPayoutId: made.id };
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) return { state: 'refused', reason: refusal };
        throw error;
      }
    },

    async payoutState(providerPayoutId, accountId) {
      return payoutStateOf(await stripe.payouts.retrieve(providerPayoutId, {}, { stripeAccount: accountId }));
    },

    async reverseTransfer(earning) {
      try {
        await stripe.transfers.createReversal(
          earning.transferId,
          { amount: earning.amount, metadata: { earning_id: earning.id } },
          { idempotencyKey: `fanline:earning:${earning.id}:reversal` },
        );
      } catch (error) {
        // Reversed in full already (by us earlier, or in the dashboard): what we wanted.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && /already.*reversed/i.test(error.message))
          return;
        throw error;
      }
    },

    async transferState(transferId) {
      const transfer = await stripe.transfers.retrieve(transferId);
      return { amount: transfer.amount, amountReversed: transfer.amount_reversed };
    },
  };
}

/** The charge of a PaymentIntent: what `source_transaction` names. */
async function chargeOf(stripe: Stripe, paymentIntentId: string): Promise<string | null> {
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
  const charge = intent.latest_charge;
  return typeof charge === 'string' ? charge : (charge?.id ?? null);
}

/** Stripe looked at the request and said no (account not ready, balance short): final, else null. */
function refusalOf(error: unknown): string | null {
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    return error.message;
  }
  return null;
}

/** incomplete / enabled / restricted, as the Payout tab and the creator's mails name them. */
export function accountStateOf(account: Stripe.Account): PayoutAccountState {
  const state = !account.details_submitted ? 'incomplete' : account.payouts_enabled ? 'enabled' : 'restricted';
  return { state, manualPayouts: account.settings?.payouts?.schedule?.interval === 'manual' };
}

/** Stripe's payout status in our three: pending and in_transit are on the way; canceled never arrives. */
export function payoutStateOf(payout: Stripe.Payout): ProviderPayoutState {
  const status =
    payout.status === 'paid' ? 'paid' : ['failed', 'canceled'].includes(payout.status) ? 'failed' : 'in_transit';
  const attempt = Number(payout.metadata?.attempt);
  return {
    payoutId: payout.metadata?.payout_id ?? null,
    attempt: Number.isInteger(attempt) && attempt > 0 ? attempt : null,
    status,
    failureCode: payout.failure_code ?? (payout.status === 'canceled' ? 'canceled' : null),
    failureMessage: payout.failure_message ?? (payout.status === 'canceled' ? 'The payout was canceled.' : null),
  };
}
