/**
 * Query keys of the data that changes under the user's feet (new messages, replies, notifications).
 * The features' queries use them and the realtime stream invalidates them, so both sides agree.
 */
export const liveKeys = {
  notifications: ['notifications'] as const,
  conversations: ['conversations'] as const,
  conversationList: (search = '') => ['conversations', 'list', search] as const,
  conversation: (messageId: string) => ['conversations', 'detail', messageId] as const,
  creatorStats: ['creator-stats'] as const,
  /** Every admin query starts with this (features/admin/api). */
  admin: ['admin'] as const,
};
