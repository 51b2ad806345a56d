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
      const group = `payout_${earning.payoutId}`;
      try {
        // Made already, its answer lost (a dropped connection, a stored 500)? Found, not made again:
        // once its key is over 24 hours old Stripe would make a second one (decision 0049).
        const made = await findTransfer(stripe, group, earning.id);
        if (made) return { state: 'paid', transferId: made };
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
            transfer_group: group,
            metadata: { earning_id: earning.id, payout_id: earning.payoutId },
          },
          // Keyed by the earning and its payout, whose ids are all the parameters hold: an earning
          // refused in one payout and batched into the next is a new request (decision 0049).
          { idempotencyKey: `fanline:earning:${earning.id}:transfer:${earning.payoutId}` },
        );
        return { state: 'paid', transferId: transfer.id };
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) return { state: 'refused', ...refusal };
        throw error;
      }
    },

    async startPayout(payout, accountId) {
      try {
        // As for transfers (decision 0049): a payout made whose answer was lost is found by its metadata.
        const made = await findPayout(stripe, payout, accountId);
        if (made) return { state: 'started', providerPayoutId: made };
        // Transfers funded by a charge are pending on the account until the charge's funds are
        // available: a payout asked for before that is refused (decision 0052). Wait instead.
        const short = await fundsShortOf(stripe, payout.amount, accountId);
        if (short) return short;
        const created = await stripe.payouts.create(
          {
            amount: payout.amount,
            currency: 'usd',
            description: 'Fanline payout',
            metadata: { payout_id: payout.id, attempt: String(payout.attempt) },
          },
          {
            stripeAccount: accountId,
            // Stripe stores a balance_insufficient refusal under its key for 24 hours: a later look at
            // the balance (decision 0052) asks with a key of its own. The lookup above keeps it one payout.
            idempotencyKey: `fanline:payout:${payout.id}:payout:${payout.attempt}${payout.look ? `:funds:${payout.look}` : ''}`,
          },
        );
        return { state: 'started', providerPayoutId: created.id };
      } catch (error) {
        // The balance was spent or reversed between our read and the payout: still "not yet".
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'balance_insufficient') {
          return (await fundsShortOf(stripe, payout.amount, accountId)) ?? { state: 'waiting', availableOn: null };
        }
        const refusal = refusalOf(error);
        if (refusal) return { state: 'refused', ...refusal };
        throw error;
      }
    },

    async payoutState(providerPayoutId, accountId) {
      return payoutStateOf(await stripe.payouts.retrieve(providerPayoutId, {}, { stripeAccount: accountId }));
    },

    async reverseTransfer(earning) {
      // Only what is left: part of it may have been reversed in the dashboard (decision 0049).
      const transfer = await stripe.transfers.retrieve(earning.transferId);
      const left = transfer.amount - transfer.amount_reversed;
      if (left <= 0) return { state: 'reversed' };
      try {
        await stripe.transfers.createReversal(
          earning.transferId,
          { amount: left, metadata: { earning_id: earning.id } },
          // The amount follows from what was reversed before, so the key names it: the same key
          // always carries the same parameters. Nothing reversed before keeps the key made before 0049.
          {
            idempotencyKey: `fanline:earning:${earning.id}:reversal${transfer.amount_reversed > 0 ? `:after:${transfer.amount_reversed}` : ''}`,
          },
        );
        return { state: 'reversed' };
      } catch (error) {
        // Reversed in full meanwhile (by us earlier, or in the dashboard): what we wanted.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && /already.*reversed/i.test(error.message))
          return { state: 'reversed' };
        // A reused key is our own mistake, not Stripe's answer about the money: thrown, retried, alerted.
        if (error instanceof Stripe.errors.StripeIdempotencyError) throw error;
        const refusal = refusalOf(error);
        if (!refusal) throw error;
        // Part of it reversed in the dashboard between our read and our call: not a refusal, ask again.
        const now = await stripe.transfers.retrieve(earning.transferId);
        if (now.amount_reversed !== transfer.amount_reversed) throw error;
        // Stripe reverses a transfer_group transfer only while the account's balance covers it (its
        // payout already at the bank, say): final; the caller nets it against the next payouts (0055).
        return { state: 'refused', ...refusal };
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

/**
 * Null when the account's available USD balance covers `amount`; else 'waiting', with the day Stripe
 * makes enough of the pending funds available: the pending payments' `available_on`, soonest first,
 * added up until they cover the shortfall (null when they never do, as after a reversal). Pending
 * funds are the newest, so the first page of the account's payments is read (decision 0052).
 */
async function fundsShortOf(stripe: Stripe, amount: number, accountId: string) {
  const balance = await stripe.balance.retrieve({}, { stripeAccount: accountId });
  const usd = (list: Stripe.Balance.Available[]) =>
    list.filter((b) => b.currency === 'usd').reduce((sum, b) => sum + b.amount, 0);
  let covered = usd(balance.available);
  if (covered >= amount) return null;
  const payments = await stripe.balanceTransactions.list({ type: 'payment', limit: 100 }, { stripeAccount: accountId });
  const pending = payments.data.filter((t) => t.status === 'pending').sort((a, b) => a.available_on - b.available_on);
  for (const txn of pending) {
    covered += txn.net;
    if (covered >= amount) return { state: 'waiting' as const, availableOn: new Date(txn.available_on * 1000) };
  }
  return { state: 'waiting' as const, availableOn: null };
}

/** The transfer made for this earning in this payout's group, if any (newest first, a page at a time). */
async function findTransfer(stripe: Stripe, group: string, earningId: string): Promise<string | null> {
  for await (const transfer of stripe.transfers.list({ transfer_group: group, limit: 100 })) {
    if (transfer.metadata?.earning_id === earningId) return transfer.id;
  }
  return null;
}

/**
 * The account's payout for this payout and attempt, if made. Every payout of the account is read,
 * newest first: a creator's manual payouts are few, and our clock and Stripe's need not agree on a bound.
 */
async function findPayout(stripe: Stripe, payout: { id: string; attempt: number }, accountId: string) {
  for await (const made of stripe.payouts.list({ limit: 100 }, { stripeAccount: accountId })) {
    if (made.metadata?.payout_id === payout.id && made.metadata?.attempt === String(payout.attempt)) return made.id;
  }
  return null;
}

/**
 * Stripe looked at the request and said no (account not ready, balance short): final, else null. A
 * key reused with other parameters is final too: retrying it only replays the error, so the caller
 * gives up on it and tells the admins (code `idempotency_conflict`, decision 0049).
 */
function refusalOf(error: unknown): { reason: string; code?: string } | null {
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return { reason: error.message, code: 'idempotency_conflict' };
  }
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    return { reason: error.message };
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
