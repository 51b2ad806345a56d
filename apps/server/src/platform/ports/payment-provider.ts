// The payment provider port (decision 0074): its type lives in the platform, below every module, so a
// module that is handed `ctx.payments` learns it from here; the adapters (local, Stripe) stay in payments.
import type { payments } from '../../db/schema';
import type { PayoutRails } from './payout-rails';

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
  /**
   * Gives back a captured payment in full. The answer is where the refund stands now: a card refund
   * may stay pending and may still fail days later (decision 0050), so the caller records it as it is.
   */
  refund(payment: PaymentRow): Promise<RefundOutcome>;
  /**
   * Where a checkout stands at the provider, for a pending payment whose confirmation may have been
   * lost (a webhook never delivered). Providers without hosted checkouts leave it out.
   */
  checkoutState?(payment: PaymentRow): Promise<CheckoutState>;
  /**
   * What the provider kept of a captured payment's charge, in cents (Stripe: its balance transaction's
   * `fee`, decision 0056); null when the payment's money was never taken. Never given back on a refund.
   * Absent: the provider takes no fee (the built-in test provider).
   */
  processingFee?(payment: PaymentRow): Promise<number | null>;
  /** Where a refund stands now, for one left pending (its webhook may be lost). Absent: refunds end at once. */
  refundState?(refundId: string): Promise<RefundOutcome>;
  /** Connected accounts and transfers for creators' payouts (ARCHITECTURE §8). */
  readonly payouts: PayoutRails;
  /** Chargebacks (decision 0054). Absent: the provider has none (the built-in test provider). */
  readonly disputes?: DisputeRails;
}

/** A chargeback as the provider has it now (decision 0054); amounts in cents. */
export interface DisputeNews {
  providerDisputeId: string;
  /** The disputed payment's intent (ours: payments.payment_intent_id). */
  providerPaymentId: string | null;
  status:
    | 'warning_needs_response'
    | 'warning_under_review'
    | 'warning_closed'
    | 'needs_response'
    | 'under_review'
    | 'won'
    | 'lost';
  reason: string;
  amount: number;
  currency: string;
  /** When the evidence is due; null once it no longer matters. */
  dueBy: Date | null;
  submissionCount: number;
  /** What the provider took from the platform balance for it, and gave back (the fee left out). */
  withdrawn: number;
  reinstated: number;
  /**
   * The provider's own dispute fee as its balance transactions say: charged with the withdrawal (Stripe:
   * $15 in the US, kept when the dispute is won), and any of it given back (where Stripe refunds it).
   */
  feeCharged: number;
  feeReturned: number;
}

export interface DisputeRails {
  /** The dispute as the provider has it now. */
  state(disputeId: string): Promise<DisputeNews>;
  /** Sends text evidence, and submits it to the bank when `submit`; `key` makes a repeat send once. */
  submitEvidence(disputeId: string, evidence: { text: string; submit: boolean }, key: string): Promise<DisputeNews>;
}

/** A refund as the provider has it: null id when the provider does not name one (a refund made earlier, unnamed). */
export type RefundOutcome = {
  refundId: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  failureReason: string | null;
};

export type CheckoutState =
  | { state: 'open' }
  | { state: 'expired' }
  /** Completed with a delayed method whose money is still on its way (decision 0051): wait. */
  | { state: 'processing' }
  /** Completed, but the delayed payment was refused: the checkout failed. */
  | { state: 'failed' }
  | {
      state: 'complete';
      providerPaymentId: string;
      captured: boolean;
      /** When the provider drops the hold (Stripe's charge capture_before); absent: unknown. */
      captureBefore?: Date | null;
    };
