/**
 * What other modules may call of messages (spec §4, ARCHITECTURE §3 lifecycle:
 * pending → sent → responded | refunded, or pending → cancelled). The rules every list and count
 * shares ("open paid message", "due", "visible to the creator") are named once in queries.ts.
 */

export { cancelPendingMessage, messageStateOf, messageStatusOf } from './cancel-pending-message';
export { claimDueMessages } from './claim-due-messages';
export { fanOfConversation } from './conversation-parties';
export { createPendingMessage } from './create-pending-message';
export { creatorStats } from './creator-stats';
export { endOpenMessages, lockOpenMessages } from './end-open-messages';
export { type ConversationLookups, getConversation } from './get-conversation';
export { hasPaidMessages } from './has-paid-messages';
export { listAtRisk } from './list-at-risk';
export { listConversations } from './list-conversations';
export { openPairsOf } from './open-pairs';
export { oldestOverdueMessage } from './overdue-messages';
export {
  endCauseOf,
  endedBy,
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
export { recordAnswer } from './record-answer';
export { mailReminder, remindCreators, reminderMailDefinition } from './remind-creators';
export { messageGoesLive } from './start-response-window';
