/**
 * What other modules may call of payments, the money rail (ARCHITECTURE §2 money flow). Paying a
 * message, checkout to confirmation, is the flow src/flows/pay-a-message (decision 0070), which writes
 * the payment through checkout-payment.ts and hears of each checkout's outcome through the app's
 * `checkouts` port (platform/ports/checkout-outcomes.ts); then capture-payment on a reply, or release-payment on
 * expiry or decline; reconcile-payments cleans up. Long windows charge at once (captures-at-once).
 * local/ and stripe/ hold the two providers.
 */

export type { CheckoutOutcomes, CheckoutsSeam, ConfirmCheckoutContext } from '../../platform/ports';
export { capturePayment } from './capture-payment';
export { capturesAtOnce, capturesAtOnceNow } from './captures-at-once';
export {
  cancelLockedPayment,
  endPendingPayment,
  type GoLive,
  insertPendingPayment,
  paymentGoesLive,
  recordCheckoutSession,
} from './checkout-payment';
export { createPaymentProvider } from './create-provider';
export { listDisputes, submitDisputeEvidence } from './dispute-admin';
export { mailDispute } from './dispute-mail';
export { applyDisputeNews } from './dispute-state';
export { disputedNow } from './disputes-of-payment';
export {
  captureDefinition,
  captureEffect,
  disputeMailEffect,
  giveBackDefinition,
  giveBackEffect,
  mailDisputeDefinition,
  mailPayoutAccountDefinition,
  PAYMENT_EFFECTS,
  payoutAccountMailEffect,
  processingFeeDefinition,
  refundAnsweredDefinition,
  refundAnsweredEffect,
  refundUpheldDefinition,
  refundUpheldEffect,
  releaseDefinition,
  releaseEffect,
} from './effects';
export { giveBackAtProvider } from './give-back-at-provider';
export { createLocalProvider } from './local/provider';
export { testSendEnabled } from './local/test-send-enabled';
export {
  creatorSharesForMessages,
  paymentIdsForMessages,
  paymentOfMessage,
  paymentRowOfMessage,
} from './message-payments';
export { successPath } from './payment-receipt';
export { paymentsByState } from './payments-by-state';
export {
  completeSimulatedOnboarding,
  createDashboardLink,
  createOnboardingLink,
  forgetPayoutAccount,
} from './payout-account';
export { mailPayoutAccountState } from './payout-account-mail';
export type { PaymentProvider, PaymentRow } from './provider';
export { reconcilePayments } from './reconcile-payments';
export { processingFeeEffects, recordProcessingFee } from './record-processing-fee';
export { refundCapturedPayment, releasePayment } from './release-payment';
export { releasePayments } from './release-payments';
