import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { creditConnected, settleFunds } from './stand-in-balance';
import {
  type Form,
  int,
  metadata,
  mustFind,
  obj,
  oneOf,
  onlyKnown,
  paramError,
  StripeApiError,
  str,
  url,
} from './stand-in-checks';
import type { ConnectState } from './stand-in-connect-state';
import { page } from './stand-in-page';
import type { StandInRoute } from './stand-in-server';

type Obj = Record<string, unknown>;
const nowS = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const stateError = (message: string, code?: string, param?: string) =>
  new StripeApiError(
    400,
    { type: 'invalid_request_error', message, ...(code && { code }), ...(param && { param }) },
    true,
  );

/**
 * Connect Express as far as Fanline uses it, with the rules of Stripe's API reference (decision 0029):
 * accounts (type express, requested capabilities, settings.payouts.schedule), account links, Express
 * login links, transfers (to an account whose transfers capability is active, within the platform
 * balance, or funded by `source_transaction`: a charge, at most its amount less what was transferred
 * from it), transfer reversals (at most what is left; the connected balance may go negative), and
 * payouts made on a connected account through the Stripe-Account header (manual schedule only,
 * within that account's balance, to an account whose payouts are enabled).
 */
export function connectRoutes(state: ConnectState, intents: Map<string, Obj>, baseUrl: () => string): StandInRoute[] {
  const connected = (headers: http.IncomingHttpHeaders) => {
    const id = headers['stripe-account'];
    if (typeof id !== 'string') throw paramError('Stand-in: this call is made on a connected account (Stripe-Account)');
    return mustFind(state.accounts, id, 'account');
  };
  const chargeOf = (id: string) => {
    for (const intent of intents.values())
      if (intent.latest_charge === id && intent.status === 'succeeded') return intent;
    throw stateError(`No such charge: '${id}'`, 'resource_missing', 'source_transaction');
  };
  return [
    [
      'POST',
      /^\/v1\/accounts$/,
      (form) => {
        onlyKnown(form, ['type', 'email', 'country', 'capabilities', 'metadata', 'business_type', 'settings']);
        oneOf(str(form, 'type', '', true), ['express', 'standard', 'custom'], 'type');
        const capabilities = obj(form, 'capabilities') ?? {};
        for (const [name, value] of Object.entries(capabilities)) {
          if (typeof value !== 'object' || Array.isArray(value) || (value as Obj).requested !== 'true') {
            throw paramError('Invalid capabilities', `capabilities[${name}]`);
          }
        }
        const id = newId('acct');
        const account: Obj = {
          id,
          object: 'account',
          type: str(form, 'type'),
          email: str(form, 'email') ?? null,
          country: str(form, 'country') ?? 'US',
          metadata: metadata(form, 'metadata'),
          details_submitted: false,
          charges_enabled: false,
          payouts_enabled: false,
          capabilities: Object.fromEntries(Object.keys(capabilities).map((name) => [name, 'inactive'])),
          requirements: {
            currently_due: ['external_account', 'tos_acceptance.date'],
            disabled_reason: 'requirements.past_due',
          },
          settings: { payouts: { schedule: { interval: payoutInterval(form) ?? 'daily' } } },
          created: nowS(),
        };
        state.accounts.set(id, account);
        state.balances.set(id, 0);
        return account;
      },
    ],
    ['GET', /^\/v1\/accounts\/([\w-]+)$/, (_form, m) => mustFind(state.accounts, m[1] ?? '', 'account')],
    [
      'POST',
      /^\/v1\/accounts\/([\w-]+)$/,
      (form, m) => {
        onlyKnown(form, ['settings', 'metadata']);
        const account = mustFind(state.accounts, m[1] ?? '', 'account');
        const interval = payoutInterval(form);
        if (interval) account.settings = { payouts: { schedule: { interval } } };
        return account;
      },
    ],
    [
      'POST',
      /^\/v1\/account_links$/,
      (form) => {
        onlyKnown(form, ['account', 'type', 'return_url', 'refresh_url', 'collect', 'collection_options']);
        const account = mustFind(state.accounts, str(form, 'account', '', true) ?? '', 'account');
        oneOf(str(form, 'type', '', true), ['account_onboarding', 'account_update'], 'type');
        const returnUrl = url(form, 'return_url', true);
        const refreshUrl = url(form, 'refresh_url', true);
        const link: Obj = {
          object: 'account_link',
          account: account.id,
          created: nowS(),
          expires_at: nowS() + 300,
          url: `${baseUrl()}/setup/e/${account.id}/${randomBytes(6).toString('hex')}`,
          return_url: returnUrl,
          refresh_url: refreshUrl,
        };
        state.accountLinks.push(link);
        return { object: link.object, created: link.created, expires_at: link.expires_at, url: link.url };
      },
    ],
    [
      'POST',
      /^\/v1\/accounts\/([\w-]+)\/login_links$/,
      (form, m) => {
        onlyKnown(form, []);
        const account = mustFind(state.accounts, m[1] ?? '', 'account');
        // Stripe: login links exist only for Express accounts (and their dashboard needs onboarding done).
        if (account.type !== 'express') throw stateError('Login links can only be created for Express accounts.');
        if (!account.details_submitted) {
          throw stateError('Cannot create a login link for an account that has not completed onboarding.');
        }
        const link: Obj = {
          object: 'login_link',
          created: nowS(),
          url: `${baseUrl()}/express/${account.id}/${randomBytes(6).toString('hex')}`,
        };
        state.loginLinks.push({ ...link, account: account.id });
        return link;
      },
    ],
    [
      'POST',
      /^\/v1\/transfers$/,
      (form) => {
        onlyKnown(form, [
          'amount',
          'currency',
          'destination',
          'transfer_group',
          'metadata',
          'description',
          'source_transaction',
        ]);
        const amount = int(form, 'amount', '', true) ?? 0;
        if (amount < 1) throw paramError('This value must be greater than or equal to 1.', 'amount');
        if (str(form, 'currency', '', true) !== 'usd') throw paramError('Invalid currency', 'currency');
        const destination = str(form, 'destination', '', true) ?? '';
        const account = mustFind(state.accounts, destination, 'account');
        const capabilities = (account.capabilities ?? {}) as Obj;
        if (capabilities.transfers !== 'active') {
          throw stateError(
            'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
            'insufficient_capabilities_for_transfer',
            'destination',
          );
        }
        const source = str(form, 'source_transaction');
        if (source) {
          // Funded by the charge: no platform balance needed, at most what the charge has left.
          const intent = chargeOf(source);
          const already = [...state.transfers.values()]
            .filter((t) => t.source_transaction === source)
            .reduce((sum, t) => sum + (t.amount as number), 0);
          const left = (intent.amount_received as number) - ((intent.amount_refunded as number | undefined) ?? 0);
          if (amount + already > left) {
            throw stateError(
              `The amount of the transfer (${amount}) exceeds what is left of the source transaction (${left - already}).`,
              'transfer_source_balance_parameters_mismatch',
              'amount',
            );
          }
        } else if (amount > state.platformBalance.available) {
          throw stateError(
            'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
            'balance_insufficient',
          );
        } else {
          state.platformBalance.available -= amount;
        }
        // Funded by a charge: pending until the charge's funds are available; else available at once.
        const credit = creditConnected(state, destination, amount, source ? (state.fundsOn.get(source) ?? null) : null);
        const transfer: Obj = {
          id: newId('tr'),
          object: 'transfer',
          amount,
          amount_reversed: 0,
          currency: 'usd',
          destination,
          destination_payment: credit.source,
          source_transaction: source ?? null,
          transfer_group: str(form, 'transfer_group') ?? null,
          metadata: metadata(form, 'metadata'),
          reversals: { object: 'list', data: [], has_more: false },
          reversed: false,
          created: nowS(),
          livemode: false,
        };
        state.transfers.set(transfer.id as string, transfer);
        return transfer;
      },
    ],
    [
      'GET',
      /^\/v1\/transfers$/,
      (form) => {
        onlyKnown(form, ['transfer_group', 'destination', 'limit', 'starting_after', 'created']);
        const group = str(form, 'transfer_group');
        const destination = str(form, 'destination');
        const all = [...state.transfers.values()].filter(
          (t) => (!group || t.transfer_group === group) && (!destination || t.destination === destination),
        );
        return page(all, form, '/v1/transfers');
      },
    ],
    ['GET', /^\/v1\/transfers\/([\w-]+)$/, (_form, m) => mustFind(state.transfers, m[1] ?? '', 'transfer')],
    [
      'POST',
      /^\/v1\/transfers\/([\w-]+)\/reversals$/,
      (form, m) => {
        onlyKnown(form, ['amount', 'metadata', 'description', 'refund_application_fee']);
        return reverse(state, m[1] ?? '', int(form, 'amount'), metadata(form, 'metadata'), { viaApi: true });
      },
    ],
    [
      'POST',
      /^\/v1\/payouts$/,
      (form, _m, headers) => {
        onlyKnown(form, ['amount', 'currency', 'description', 'metadata', 'method', 'statement_descriptor']);
        const account = connected(headers);
        const amount = int(form, 'amount', '', true) ?? 0;
        if (amount < 1) throw paramError('This value must be greater than or equal to 1.', 'amount');
        if (str(form, 'currency', '', true) !== 'usd') throw paramError('Invalid currency', 'currency');
        const schedule = (account.settings as { payouts: { schedule: { interval: string } } }).payouts.schedule;
        if (schedule.interval !== 'manual') {
          throw stateError('You cannot create manual payouts on an account that has automatic payouts enabled.');
        }
        if (!account.payouts_enabled)
          throw stateError('Payouts are not enabled on this account.', 'payouts_not_allowed');
        // Only available funds can be paid out; a pending balance cannot (decision 0052). Stripe refuses
        // an API payout above the available balance at once, with this code and text.
        settleFunds(state);
        const balance = state.balances.get(account.id as string) ?? 0;
        if (amount > balance) {
          throw stateError(
            'You have insufficient funds in your Stripe account for this transfer. Your card balance is too low. You can use the /v1/balance endpoint to view your Stripe balance (for more details, see stripe.com/docs/api#balance).',
            'balance_insufficient',
          );
        }
        state.balances.set(account.id as string, balance - amount);
        const payout: Obj = {
          id: newId('po'),
          object: 'payout',
          amount,
          currency: 'usd',
          description: str(form, 'description') ?? null,
          metadata: metadata(form, 'metadata'),
          status: 'pending',
          type: 'bank_account',
          method: 'standard',
          arrival_date: nowS() + 2 * 86_400,
          failure_code: null,
          failure_message: null,
          automatic: false,
          created: nowS(),
          livemode: false,
          account: account.id,
        };
        state.payouts.set(payout.id as string, payout);
        return withoutAccount(payout);
      },
    ],
    [
      'GET',
      /^\/v1\/payouts$/,
      (form, _m, headers) => {
        onlyKnown(form, ['limit', 'starting_after', 'created', 'status', 'arrival_date', 'destination']);
        const account = connected(headers);
        const status = str(form, 'status');
        const mine = [...state.payouts.values()].filter(
          (p) => p.account === account.id && (!status || p.status === status),
        );
        return page(mine.map(withoutAccount), form, '/v1/payouts');
      },
    ],
    [
      'GET',
      /^\/v1\/payouts\/([\w-]+)$/,
      (_form, m, headers) => {
        const account = connected(headers);
        const payout = mustFind(state.payouts, m[1] ?? '', 'payout');
        // Another account's payout does not exist from this account's point of view.
        if (payout.account !== account.id) mustFind(new Map(), m[1] ?? '', 'payout');
        return withoutAccount(payout);
      },
    ],
  ];
}

function payoutInterval(form: Form): string | undefined {
  const settings = obj(form, 'settings');
  const payouts = settings ? obj(settings, 'payouts', 'settings[') : undefined;
  const schedule = payouts ? obj(payouts, 'schedule', 'settings[payouts][') : undefined;
  return oneOf(
    schedule ? str(schedule, 'interval', 'settings[payouts][schedule][') : undefined,
    ['manual', 'daily', 'weekly', 'monthly'],
    'settings[payouts][schedule][interval]',
  );
}

const withoutAccount = (payout: Obj) => {
  const { account: _account, ...rest } = payout;
  return rest;
};

/** A reversal of (part of) a transfer: from our API call or the dashboard. Returns the reversal. */
export function reverse(
  state: ConnectState,
  transferId: string,
  requested: number | undefined,
  meta: Record<string, string> = {},
  opts: { viaApi?: boolean } = {},
): Obj {
  const transfer = mustFind(state.transfers, transferId, 'transfer');
  const left = (transfer.amount as number) - (transfer.amount_reversed as number);
  if (left <= 0) throw stateError('This transfer has already been fully reversed.', 'transfer_already_reversed');
  const amount = requested ?? left;
  if (amount < 1 || amount > left) throw paramError(`Reversal amount must be between 1 and ${left}.`, 'amount');
  const destination = transfer.destination as string;
  // Out of the pending funds while the transfer's are still pending, else out of the available balance,
  // which may go negative (its payout already left): Stripe recovers it later.
  settleFunds(state);
  if (opts.viaApi && state.reversalsNeedBalance && transfer.transfer_group) {
    let covered = state.balances.get(destination) ?? 0;
    for (const txn of state.balanceTransactions.values())
      if (txn.account === destination && txn.status === 'pending') covered += txn.amount as number;
    if (covered < amount) {
      throw stateError(
        'Insufficient funds in the destination account to reverse this transfer.',
        'balance_insufficient',
        'amount',
      );
    }
  }
  const credit = [...state.balanceTransactions.values()].find((t) => t.source === transfer.destination_payment);
  creditConnected(
    state,
    destination,
    -amount,
    credit?.status === 'pending' ? (credit.available_on as number) : null,
    'payment_refund',
  );
  const reversal: Obj = {
    id: newId('trr'),
    object: 'transfer_reversal',
    amount,
    currency: 'usd',
    transfer: transferId,
    metadata: meta,
    created: nowS(),
  };
  transfer.amount_reversed = (transfer.amount_reversed as number) + amount;
  transfer.reversed = transfer.amount_reversed === transfer.amount;
  (transfer.reversals as { data: Obj[] }).data.push(reversal);
  return reversal;
}

/** The creator finishes Stripe's onboarding pages: the account can take transfers and payouts. */
export function finishOnboarding(state: ConnectState, accountId: string): Obj {
  const account = mustFind(state.accounts, accountId, 'account');
  const capabilities = Object.fromEntries(Object.keys((account.capabilities ?? {}) as Obj).map((n) => [n, 'active']));
  Object.assign(account, {
    details_submitted: true,
    charges_enabled: true,
    payouts_enabled: true,
    capabilities,
    requirements: { currently_due: [], disabled_reason: null },
  });
  return account;
}

/** Stripe pauses payouts pending more information: details in, payouts disabled. */
export function restrictAccount(state: ConnectState, accountId: string): Obj {
  const account = mustFind(state.accounts, accountId, 'account');
  Object.assign(account, {
    payouts_enabled: false,
    requirements: { currently_due: ['individual.verification.document'], disabled_reason: 'requirements.past_due' },
  });
  return account;
}

/** The bank's answer to a payout: paid, or failed (its money back on the connected account's balance). */
export function settlePayout(
  state: ConnectState,
  payoutId: string,
  outcome: { paid: true } | { paid: false; code: string; message: string },
): Obj {
  const payout = mustFind(state.payouts, payoutId, 'payout');
  if (outcome.paid) {
    if (payout.status !== 'pending' && payout.status !== 'in_transit')
      throw new Error(`payout ${payoutId} is ${payout.status}`);
    payout.status = 'paid';
  } else {
    // Stripe: a payout can fail after it was reported paid (the bank returned it), up to days later.
    if (payout.status === 'failed' || payout.status === 'canceled')
      throw new Error(`payout ${payoutId} is ${payout.status}`);
    Object.assign(payout, { status: 'failed', failure_code: outcome.code, failure_message: outcome.message });
    const account = payout.account as string;
    state.balances.set(account, (state.balances.get(account) ?? 0) + (payout.amount as number));
  }
  return payout;
}
