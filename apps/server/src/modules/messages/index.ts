/**
 * What other modules may call of messages (spec §4, ARCHITECTURE §3 lifecycle:
 * pending → sent → responded | refunded, or pending → cancelled). The rules every list and count
 * shares ("open paid message", "due", "visible to the creator") are named once in queries.ts.
 */
// biome-ignore-all assist/source/organizeImports: the rules must come first. The use cases' imports
// lead back here in a cycle (messages → realtime → auth → profiles → creators, whose card columns
// call isOpenSql while loading), so these exports have to be defined before any use case loads.
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
  isVisibleSql,
  isVisibleToCreator,
  VISIBLE_STATUSES,
} from './queries';
export { answerConversation } from './answer-conversation';
export { cancelPendingMessage, messageStatusOf } from './cancel-pending-message';
export { createPendingMessage } from './create-pending-message';
export { endOpenMessages, lockOpenMessages } from './end-open-messages';
export { expireMessages, refundPaidMessages } from './expire-messages';
export { remindCreators } from './remind-creators';
export { messageRoutes } from './routes';
export { markMessagePaid } from './start-response-window';
