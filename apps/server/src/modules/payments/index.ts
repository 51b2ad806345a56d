/**
 * What other modules may call of payments (ARCHITECTURE §2 money flow). The flow, in files:
 * start-checkout → confirm-authorization (the response window starts) → capture-payment on a reply,
 * or release-payment on expiry or decline; abandon-checkout and reconcile-payments clean up.
 * Long windows charge at once (captures-at-once). local/ and stripe/ hold the two providers.
 */
export { abandonCheckout } from './abandon-checkout';
export { capturePayment } from './capture-payment';
export { capturesAtOnce } from './captures-at-once';
export { confirmAuthorization, mailCreatorAboutNewMessage, type NewMessageMail } from './confirm-authorization';
export { createPaymentProvider } from './create-provider';
export { listDisputes, submitDisputeEvidence } from './dispute-admin';
export { mailDispute } from './dispute-mail';
export { applyDisputeNews } from './dispute-state';
export { disputedNow } from './disputes-of-payment';
export {
  autoFlagDefinition,
  captureDefinition,
  captureEffect,
  disputeMailEffect,
  giveBackDefinition,
  giveBackEffect,
  mailDisputeDefinition,
  mailNewMessageDefinition,
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
export {
  creatorSharesForMessages,
  paymentIdsForMessages,
  paymentOfMessage,
  paymentRowOfMessage,
} from './message-payments';
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
export { recordProcessingFee } from './record-processing-fee';
export { refundCapturedPayment, releasePayment } from './release-payment';
export { releasePayments } from './release-payments';
export { startCheckout } from './start-checkout';
