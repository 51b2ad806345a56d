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
  creatorMetrics: ['creator-metrics'] as const,
  /** Every creator list (browse, find, featured, quick search): a review change refreshes their ratings. */
  creators: ['creators'] as const,
  /** Public profiles and their reviews: a review change refreshes the rating, count and list. */
  publicProfiles: ['public-profile'] as const,
  /** The creator's own Customer Reviews tab. */
  ownReviews: ['creator-dashboard', 'reviews'] as const,
  /** The fan's review of one creator in one conversation (the Review dialog). */
  myReview: (creatorId: string, conversationId: string) => ['my-review', creatorId, conversationId] as const,
  /** Every admin query starts with this (features/admin/api). */
  admin: ['admin'] as const,
};
