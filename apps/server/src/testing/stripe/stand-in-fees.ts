import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { mustFind, onlyKnown } from './stand-in-checks';
import type { StandInRoute } from './stand-in-server';

type Obj = Record<string, unknown>;

/**
 * Stripe's standard pricing for a US card charge: 2.9 % + 30¢, rounded to the cent (a $25 charge
 * costs $1.03, a $100 one $3.20). Kept by Stripe out of the charge, and not given back on a refund.
 */
export function stripeFee(amount: number): number {
  return Math.round((amount * 29) / 1000) + 30;
}

/**
 * The platform's balance transactions (those without `account`) share the map with the connected
 * accounts' (stand-in-balance.ts), so GET /v1/balance_transactions lists both as Stripe would.
 */
type Ledger = Map<string, Obj>;

function transaction(ledger: Ledger, fields: Obj & { amount: number; fee: number; created: number }): Obj {
  const txn: Obj = {
    id: `txn_${randomBytes(12).toString('hex')}`,
    object: 'balance_transaction',
    available_on: fields.created,
    balance_type: 'payments',
    currency: 'usd',
    description: null,
    exchange_rate: null,
    fee_details:
      fields.fee === 0
        ? []
        : [
            {
              amount: fields.fee,
              application: null,
              currency: 'usd',
              description: 'Stripe processing fees',
              type: 'stripe_fee',
            },
          ],
    net: fields.amount - fields.fee,
    ...fields,
  };
  ledger.set(txn.id as string, txn);
  return txn;
}

/**
 * A captured charge's balance transaction on the platform (fixture `balance_transaction`, type
 * charge): the amount in, Stripe's fee out, pending until the charge's funds are available.
 */
export function chargeTransaction(ledger: Ledger, charge: Obj, amount: number, now: number, availableOn: number): Obj {
  return transaction(ledger, {
    amount,
    fee: stripeFee(amount),
    created: now,
    available_on: availableOn,
    description: null,
    reporting_category: 'charge',
    source: charge.id,
    status: availableOn > now ? 'pending' : 'available',
    type: 'charge',
  });
}

/** A refund's balance transaction: the amount out, no fee back (Stripe keeps the charge's fee). */
export function refundTransaction(ledger: Ledger, refund: Obj, now: number): Obj {
  return transaction(ledger, {
    amount: -(refund.amount as number),
    fee: 0,
    created: now,
    reporting_category: 'refund',
    source: refund.id,
    status: 'available',
    type: 'refund',
  });
}

/** A failed refund's money back on the platform (its failure_balance_transaction). */
export function refundFailureTransaction(ledger: Ledger, refund: Obj, now: number): Obj {
  return transaction(ledger, {
    amount: refund.amount as number,
    fee: 0,
    created: now,
    reporting_category: 'refund_failure',
    source: refund.id,
    status: 'available',
    type: 'refund_failure',
  });
}

/** GET /v1/balance_transactions/:id: the platform's own, or (Stripe-Account) the connected account's. */
export function balanceTransactionRoutes(ledger: Ledger, settle: () => void): StandInRoute[] {
  return [
    [
      'GET',
      /^\/v1\/balance_transactions\/([\w-]+)$/,
      (form, m, headers: http.IncomingHttpHeaders) => {
        onlyKnown(form, ['expand']);
        settle();
        const txn = mustFind(ledger, m[1] ?? '', 'balance_transaction');
        const account = headers['stripe-account'];
        // Another account's transaction does not exist from this one's point of view.
        if ((txn.account ?? null) !== (typeof account === 'string' ? account : null)) {
          mustFind(new Map(), m[1] ?? '', 'balance_transaction');
        }
        const { account: _account, ...shown } = txn;
        return shown;
      },
    ],
  ];
}
