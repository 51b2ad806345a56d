/**
 * The cross-module flows (decision 0021, docs/architecture.md "Layers"): each is the one home of a
 * journey that spans modules, and calls them downward only. Paying a message (checkout and confirm)
 * is pay-a-message/ (decision 0070); payouts live in ledger. What follows a committed change goes
 * through the outbox (effects.ts: every kind of effect and its handler, decision 0022).
 */
export { answerConversation } from './answer-conversation';
export { blockFan } from './block-fan';
export { cancelAccountClosure, closeAccount } from './close-account';
export { declineConversation } from './decline-conversation';
export { carryOutEffects, type EffectContext, type EffectKind, type Effects, effect } from './effects';
export { eraseDueAccounts } from './erase-accounts';
export { EXPIRY_BATCH, expireMessages, refundPaidMessages } from './expire-messages';
export {
  abandonCheckout,
  checkoutOutcomes,
  confirmAuthorization,
  startCheckout,
  testSendMessage,
} from './pay-a-message';
export { readConversation } from './read-conversation';
export { refundAnsweredMessage } from './refund-answered-message';
export { refundMessage } from './refund-message';
export { retryUpheldRefunds } from './retry-upheld-refunds';
export { reviewReport } from './review-report';
