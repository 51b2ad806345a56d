/** Server-Sent Events on GET /api/events: `event: <type>` with this JSON as data. */
export type TRealtimeEvent =
  | { type: 'notification'; notificationId: string }
  | { type: 'settings' }
  | { type: 'admin-activity'; kind: 'profile' | 'message' | 'payment' | 'report' }
  | { type: 'message'; messageId: string; conversationId: string; status: string }
  /**
   * A reconnecting stream missed events the server can no longer replay (its Last-Event-ID is
   * unknown or too old): the page refetches everything it shows.
   */
  | { type: 'resync' };
