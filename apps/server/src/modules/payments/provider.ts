import type { payments } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;

export interface CheckoutStart {
  payment: PaymentRow;
  creator: { id: string; username: string; displayName: string | null };
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** Take the money now rather than hold it: the response window outlasts a card authorization. */
  captureAtOnce: boolean;
}

/**
 * A card payment provider (ARCHITECTURE §2). Every call is idempotent on our side: the key is our
 * payment id plus the action, so a retry after a crash never moves money twice.
 */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /** How long the provider holds an authorization; longer response windows capture at once. */
  readonly holdLimitHours: number;
  /** Starts checkout; returns where to send the browser and the provider's checkout reference. */
  createCheckout(start: CheckoutStart): Promise<{ url: string; checkoutSessionId: string | null }>;
  /** Takes an authorized payment. 'gone' when the authorization no longer exists. */
  capture(payment: PaymentRow): Promise<'captured' | 'gone'>;
  /** Lets an authorization go without charging. */
  release(payment: PaymentRow): Promise<void>;
  /** Gives back a captured payment in full. */
  refund(payment: PaymentRow): Promise<void>;
  /**
   * Where a checkout stands at the provider, for a pending payment whose confirmation may have been
   * lost (a webhook never delivered). Providers without hosted checkouts leave it out.
   */
  checkoutState?(payment: PaymentRow): Promise<CheckoutState>;
  /** Connected accounts and transfers for creators' payouts (ARCHITECTURE §8). */
  readonly payouts: PayoutRails;
}

/**
 * How creators get paid: a connected account, onboarding on the provider's pages, transfers. Every
 * money call is keyed by our own payout id, so a retry never pays twice.
 */
export interface PayoutRails {
  /** Creates the creator's connected account. Keyed by the creator, so a double click makes one. */
  createAccount(creator: { id: string; email: string | null }): Promise<string>;
  /** A one-time onboarding link: the provider sends the browser back to returnUrl, or refreshUrl when it expired. */
  onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  /** Whether the account can receive payouts, read from the provider now. Absent: our own row is the truth. */
  accountReady?(accountId: string): Promise<boolean>;
  /** Sends a payout to the account. 'refused' is final (the money goes back); a thrown error is retried. */
  transfer(payout: { id: string; amount: number }, accountId: string): Promise<TransferOutcome>;
}

export type TransferOutcome = { state: 'paid'; transferId: string } | { state: 'refused'; reason: string };

export type CheckoutState =
  | { state: 'open' }
  | { state: 'expired' }
  | { state: 'complete'; providerPaymentId: string; captured: boolean };

export const idempotencyKey = (payment: PaymentRow, action: 'checkout' | 'capture' | 'release' | 'refund') =>
  `fanline:${payment.id}:${action}`;
