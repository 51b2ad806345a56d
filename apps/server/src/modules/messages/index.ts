/**
 * What other modules may call of messages (spec §4, ARCHITECTURE §3 lifecycle:
 * pending → sent → responded | refunded, or pending → cancelled). The rules every list and count
 * shares ("open paid message", "due", "visible to the creator") are named once in queries.ts.
 */

export { answerConversation } from './answer-conversation';
export { cancelPendingMessage, messageStatusOf } from './cancel-pending-message';
export { createPendingMessage } from './create-pending-message';
export { endOpenMessages, lockOpenMessages } from './end-open-messages';
export { expireMessages, refundPaidMessages } from './expire-messages';
export {
  isDelivered,
  isDeliveredSql,
  isDue,
  isHiddenFromCreator,
  isOpen,
  isOpenRow,
  isOpenSql,
  isPaid,
  isPaidRow,
  isPaidSql,
  isUnanswered,
  isUnansweredRow,
  isVisibleSql,
  isVisibleToCreator,
  VISIBLE_STATUSES,
} from './queries';
export { remindCreators } from './remind-creators';
export { messageRoutes } from './routes';
export { messageGoesLive } from './start-response-window';
