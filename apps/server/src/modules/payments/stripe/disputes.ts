import type Stripe from 'stripe';
import type { DisputeNews, DisputeRails } from '../provider';

/**
 * A Stripe dispute in our words (decision 0054). What was withdrawn and reinstated is read from its
 * balance transactions, amounts without the fee; Stripe's dispute fee is their `fee`, summed (decision
 * 0060: booked as a processing fee). An inquiry (`warning_*`) withdraws nothing.
 */
const STATUSES: readonly string[] = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
] satisfies DisputeNews['status'][];

export function disputeNewsOf(dispute: Stripe.Dispute): DisputeNews {
  // A status Stripe adds later is not guessed at: the 500 keeps the event until we know what it means.
  if (!STATUSES.includes(dispute.status)) throw new Error(`dispute ${dispute.id}: unknown status ${dispute.status}`);
  const moves = dispute.balance_transactions.map((t) => t.amount);
  const fees = dispute.balance_transactions.map((t) => t.fee);
  const intent = dispute.payment_intent;
  return {
    providerDisputeId: dispute.id,
    providerPaymentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    status: dispute.status as DisputeNews['status'],
    reason: dispute.reason,
    amount: dispute.amount,
    currency: dispute.currency,
    dueBy: dispute.evidence_details.due_by ? new Date(dispute.evidence_details.due_by * 1000) : null,
    submissionCount: dispute.evidence_details.submission_count,
    withdrawn: -moves.filter((a) => a < 0).reduce((sum, a) => sum + a, 0),
    reinstated: moves.filter((a) => a > 0).reduce((sum, a) => sum + a, 0),
    feeCharged: fees.filter((f) => f > 0).reduce((sum, f) => sum + f, 0),
    feeReturned: -fees.filter((f) => f < 0).reduce((sum, f) => sum + f, 0),
  };
}

/** Reading disputes back and answering them with text evidence (`uncategorized_text`). */
export function createStripeDisputes(stripe: Stripe): DisputeRails {
  return {
    async state(disputeId) {
      return disputeNewsOf(await stripe.disputes.retrieve(disputeId));
    },
    async submitEvidence(disputeId, evidence, key) {
      const dispute = await stripe.disputes.update(
        disputeId,
        { evidence: { uncategorized_text: evidence.text }, submit: evidence.submit },
        { idempotencyKey: key },
      );
      return disputeNewsOf(dispute);
    },
  };
}
