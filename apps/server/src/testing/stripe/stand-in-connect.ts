import { randomBytes } from 'node:crypto';
import {
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
import type { StandInRoute } from './stand-in-server';

type Obj = Record<string, unknown>;
const nowS = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export interface ConnectState {
  accounts: Map<string, Obj>;
  accountLinks: Obj[];
  transfers: Map<string, Obj>;
  /** The platform's available balance in cents; a transfer above it is refused as Stripe does. */
  platformBalance: { available: number };
}

/**
 * Connect Express as far as Fanline uses it, with the rules of Stripe's API reference: accounts
 * (type express, requested capabilities), account links (account_onboarding with return and refresh
 * URLs), transfers (to an account whose transfers capability is active, within the platform balance).
 */
export function connectRoutes(state: ConnectState, baseUrl: () => string): StandInRoute[] {
  return [
    [
      'POST',
      /^\/v1\/accounts$/,
      (form) => {
        onlyKnown(form, ['type', 'email', 'country', 'capabilities', 'metadata', 'business_type']);
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
          created: nowS(),
        };
        state.accounts.set(id, account);
        return account;
      },
    ],
    ['GET', /^\/v1\/accounts\/([\w-]+)$/, (_form, m) => mustFind(state.accounts, m[1] ?? '', 'account')],
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
      /^\/v1\/transfers$/,
      (form) => {
        onlyKnown(form, ['amount', 'currency', 'destination', 'transfer_group', 'metadata', 'description']);
        const amount = int(form, 'amount', '', true) ?? 0;
        if (amount < 1) throw paramError('This value must be greater than or equal to 1.', 'amount');
        if (str(form, 'currency', '', true) !== 'usd') throw paramError('Invalid currency', 'currency');
        const destination = str(form, 'destination', '', true) ?? '';
        const account = mustFind(state.accounts, destination, 'account');
        const capabilities = (account.capabilities ?? {}) as Obj;
        if (capabilities.transfers !== 'active') {
          throw new StripeApiError(
            400,
            {
              type: 'invalid_request_error',
              code: 'insufficient_capabilities_for_transfer',
              message:
                'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
              param: 'destination',
            },
            true,
          );
        }
        if (amount > state.platformBalance.available) {
          throw new StripeApiError(
            400,
            {
              type: 'invalid_request_error',
              code: 'balance_insufficient',
              message:
                'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
            },
            true,
          );
        }
        state.platformBalance.available -= amount;
        const transfer: Obj = {
          id: newId('tr'),
          object: 'transfer',
          amount,
          amount_reversed: 0,
          currency: 'usd',
          destination,
          transfer_group: str(form, 'transfer_group') ?? null,
          metadata: metadata(form, 'metadata'),
          reversed: false,
          created: nowS(),
          livemode: false,
        };
        state.transfers.set(transfer.id as string, transfer);
        return transfer;
      },
    ],
    ['GET', /^\/v1\/transfers\/([\w-]+)$/, (_form, m) => mustFind(state.transfers, m[1] ?? '', 'transfer')],
  ];
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
