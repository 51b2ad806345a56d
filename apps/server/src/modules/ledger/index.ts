// The ledger module's front door (ARCHITECTURE §1): what other modules, jobs and the seed may call.
export {
  bookDisputeFunds,
  type DisputedPayment,
  type DisputeTaking,
  giveBackDisputedEarning,
  takeDisputedEarning,
} from './dispute-earning';
export { holdEarning, isReleased, releaseDueEarnings } from './earning-holds';
export { finishPayout } from './finish-payout';
export { unpaidEarnings } from './payable-balance';
export {
  PAYOUT_EFFECTS,
  payoutMailDefinition,
  payoutMailEffect,
  payoutTransferDefinition,
  payoutTransferEffect,
} from './payout-effects';
export { mailPayoutStatus, payoutStatusMail } from './payout-mail';
export { applyPayoutNews, type PayoutNews } from './payout-state';
export {
  ACCOUNTS,
  type LedgerKind,
  ledgerTransactionPart,
  postLedgerTransaction,
  postLedgerTransactions,
} from './post-transaction';
export { bookProcessingFee, processingFeeBooked } from './processing-fee';
export { reconcilePayouts } from './reconcile-payouts';
export { earningExists, recordEarning } from './record-earning';
export { requestPayout } from './request-payout';
export { retryPayout } from './retry-payout';
export {
  bookTransferReversal,
  earningForRefund,
  earningReversible,
  reverseEarning,
  type TakeBack,
  takeBackOf,
} from './reverse-earning';
export { payoutFundsArrived } from './wait-for-funds';
