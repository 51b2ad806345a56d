import { z } from 'zod';
import { safeText, ZText, ZTimestamp } from './common';
import { LIMITS } from './limits';

export const MESSAGE_MESSAGES = {
  authRequiredTitle: 'Authentication required',
  authRequired: 'Please sign in to send messages.',
  requiredTitle: 'Message required',
  required: 'Please enter a message before sending.',
  tooShortTitle: 'Message too short',
  tooShort: 'Please write at least 10 characters.',
  tooLongTitle: 'Message too long',
  tooLong: 'Please keep your message under 1000 characters.',
  recipientNotFound: 'Recipient not found',
  originalNotFound: 'Original message not found',
  paymentUrlMissing: 'Could not retrieve payment URL.',
  paymentInitFailedTitle: 'Payment Initialization Failed',
  paymentInitFailed: 'There was a problem redirecting you to Stripe. Please try again.',
  sendFailedTitle: 'Failed to send message',
  sendFailed: 'Please try again or contact support if the problem persists.',
  testBypassFailedTitle: 'Test bypass failed',
  testFailed: 'Failed to send test message.',
  responseSent: 'Response sent successfully!',
  followupSent: 'Follow-up message sent!',
  responseFailed: 'Failed to send response',
  followupFailed: 'Failed to send follow-up message',
  minimumChars: 'Minimum 10 characters required',
  readyToSend: 'Ready to send',
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  cardDeclined: 'Your card was declined. Please use a different card.',
  expired: 'This message has expired and was refunded; it can no longer be answered.',
  unavailable: 'This creator is not accepting messages right now.',
  /** Issue #13: the creator blocked this fan; said plainly, as nothing the fan does will change it. */
  blocked: 'This creator has blocked you, so you can’t message them.',
  maintenance: 'Messaging is paused for maintenance. Please try again soon.',
  priceChanged: 'This creator’s price has changed since you started. Please start again from their profile.',
} as const;

/** spec §5 Message: trimmed length 10-1000, with the spec's words. */
export const ZMessageContent = z
  .string({ error: MESSAGE_MESSAGES.required })
  .check(safeText)
  .trim()
  .min(1, MESSAGE_MESSAGES.required)
  .min(LIMITS.message.min, MESSAGE_MESSAGES.tooShort)
  .max(LIMITS.message.max, MESSAGE_MESSAGES.tooLong);

export const ZResponseContent = ZText.trim()
  .min(LIMITS.response.min, MESSAGE_MESSAGES.minimumChars)
  .max(LIMITS.response.max, MESSAGE_MESSAGES.tooLong);

/** POST /api/checkout. No amount: the server charges the creator's price (ARCHITECTURE §1). */
/** Issue #13: up to 3 images per paid message, reply or follow-up, uploaded first (POST /api/attachments). */
export const MAX_ATTACHMENTS = 3;
export const ZAttachmentIds = z.array(z.uuid()).max(MAX_ATTACHMENTS, `At most ${MAX_ATTACHMENTS} images.`);
/** One stored image: `url` is served only to the two parties and admins. `part` says whose text it goes with. */
export const ZAttachment = z.object({
  id: z.uuid(),
  url: z.string(),
  part: z.enum(['message', 'response']),
  width: z.number().int(),
  height: z.number().int(),
});
export type TAttachment = z.input<typeof ZAttachment>;

export const ZCheckoutRequest = z.object({
  recipientId: z.uuid(),
  messageContent: ZMessageContent,
  attachmentIds: ZAttachmentIds.optional(),
});
export const ZCheckoutResponse = z.object({ url: z.string() });
export type TCheckoutResponse = z.input<typeof ZCheckoutResponse>;

export const ZLocalCheckoutView = z.object({
  paymentId: z.uuid(),
  status: z.enum(['pending', 'authorized', 'succeeded', 'canceled', 'refunded', 'failed']),
  amount: z.number().int(),
  creator: z.object({ username: z.string(), displayName: z.string().nullable(), avatarUrl: z.string().nullable() }),
  messagePreview: z.string(),
});
export type TLocalCheckoutView = z.input<typeof ZLocalCheckoutView>;

export const ZLocalPayRequest = z.object({
  cardNumber: ZText.max(40)
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a valid card number.')),
  expiry: ZText.regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Use MM / YY.'),
  cvc: ZText.regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit code.'),
  name: ZText.trim().min(1, 'Enter the name on the card.').max(100),
});
export const ZPaymentResult = z.object({ redirectUrl: z.string() });

export const MESSAGE_STATUSES = ['pending', 'sent', 'responded', 'refunded', 'cancelled'] as const;

/**
 * Issue #13: why a creator declined a paid message (a short list; the fan sees the label). Keep in
 * step with the check on messages.decline_reason.
 */
export const DECLINE_REASONS = [
  'outside_expertise',
  'cannot_answer_well',
  'inappropriate',
  'too_personal',
  'other',
] as const;
export type TDeclineReason = (typeof DECLINE_REASONS)[number];
export const DECLINE_REASON_LABELS: Record<TDeclineReason, string> = {
  outside_expertise: 'Outside my expertise',
  cannot_answer_well: "I can't give a good answer to this",
  inappropriate: 'Inappropriate request',
  too_personal: 'Too personal to answer here',
  other: 'Another reason',
};
export const ZDeclineRequest = z.object({
  reason: z.enum(DECLINE_REASONS),
  note: ZText.trim().max(300, 'Please keep the note under 300 characters.').optional(),
});
export type TDeclineRequest = z.input<typeof ZDeclineRequest>;

export const ZThreadMessage = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.uuid(),
  recipientId: z.uuid(),
  content: z.string(),
  amount: z.number().int(),
  status: z.enum(MESSAGE_STATUSES),
  isFollowup: z.boolean(),
  responseContent: z.string().nullable(),
  respondedAt: ZTimestamp.nullable(),
  expiresAt: ZTimestamp.nullable(),
  /** Issue #13: set when the creator declined it (the message is then `refunded`). */
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  declineNote: z.string().nullable(),
  createdAt: ZTimestamp,
  /** Images of the message (part 'message') and of its response (part 'response'). */
  attachments: z.array(ZAttachment),
});
export type TThreadMessage = z.input<typeof ZThreadMessage>;

export const ZParty = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isCreator: z.boolean(),
  instagramVerified: z.boolean(),
  messagePrice: z.number().int(),
  isAvailable: z.boolean(),
});

export const ZConversationSummary = z.object({
  conversationId: z.uuid(),
  /** The newest message's id: /messages/{id} and /dashboard/messages/{id} open the conversation by it. */
  lastMessageId: z.uuid(),
  otherParty: ZParty,
  lastMessageContent: z.string(),
  lastMessageFromMe: z.boolean(),
  lastActivity: ZTimestamp,
  messageCount: z.number().int(),
  /** spec §4 Pending count (creator side); 0 for senders. */
  pendingCount: z.number().int(),
  /** spec §4 Waiting (sender side); 0 for creators. */
  waitingCount: z.number().int(),
});
export type TConversationSummary = z.input<typeof ZConversationSummary>;
/** GET /api/conversations: one page, newest activity first; `nextCursor` asks for the next one. */
export const ZConversationsResponse = z.object({
  conversations: z.array(ZConversationSummary),
  nextCursor: z.string().nullable(),
});
export type TConversationsResponse = z.input<typeof ZConversationsResponse>;

export const ZConversationDetail = z.object({
  conversationId: z.uuid(),
  viewerRole: z.enum(['sender', 'creator', 'admin']),
  otherParty: ZParty,
  messages: z.array(ZThreadMessage),
  /** Creator view: 75% of answered amounts (earned) and of unanswered unexpired ones (pending), in cents. */
  earnedCents: z.number().int(),
  pendingCents: z.number().int(),
  /** Sender view: what the sender paid in this conversation, in cents. */
  paidCents: z.number().int(),
  /** spec §4 Creator reply box: 'response' while a paid message is unanswered, else 'followup'; null for others. */
  creatorBox: z.enum(['response', 'followup']).nullable(),
  /** The sender may continue (send another paid message) once the creator has responded. */
  senderCanContinue: z.boolean(),
  /** The earliest deadline of an unanswered paid message, for the countdown. */
  nextExpiry: ZTimestamp.nullable(),
});
export type TConversationDetail = z.input<typeof ZConversationDetail>;

export const ZReplyRequest = z.object({ content: ZResponseContent, attachmentIds: ZAttachmentIds.optional() });

export const ZCreatorStats = z.object({
  pendingMessages: z.number().int(),
  /** Percent, or null when no paid message has been answered or refunded yet (the page shows 98%). */
  responseRate: z.number().nullable(),
  todaysEarningsCents: z.number().int(),
});
export type TCreatorStats = z.input<typeof ZCreatorStats>;

/** Issue #13: the creator inbox's "at risk" strip, open paid messages with the least time left first. */
export const ZAtRiskMessage = z.object({
  messageId: z.uuid(),
  senderName: z.string(),
  amount: z.number().int(),
  preview: z.string(),
  expiresAt: ZTimestamp,
});
export const ZAtRiskResponse = z.object({ items: z.array(ZAtRiskMessage) });
export type TAtRiskResponse = z.input<typeof ZAtRiskResponse>;

export const ZNotification = z.object({
  id: z.uuid(),
  type: z.enum([
    'new_message',
    'message_response',
    'message_refunded',
    'report_reviewed',
    'message_reminder',
    'message_declined',
  ]),
  title: z.string(),
  body: z.string(),
  isRead: z.boolean(),
  relatedEntityId: z.uuid().nullable(),
  relatedEntityType: z.string().nullable(),
  createdAt: ZTimestamp,
});
export type TNotification = z.input<typeof ZNotification>;
export const ZNotificationsResponse = z.object({
  notifications: z.array(ZNotification),
  unreadCount: z.number().int(),
});
export type TNotificationsResponse = z.input<typeof ZNotificationsResponse>;

/** Server-Sent Events on GET /api/events: `event: <type>` with this JSON as data. */
export type TRealtimeEvent =
  | { type: 'notification'; notificationId: string }
  | { type: 'settings' }
  | { type: 'admin-activity'; kind: 'profile' | 'message' | 'payment' | 'report' }
  | { type: 'message'; messageId: string; conversationId: string; status: string };
