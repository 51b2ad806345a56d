import { z } from 'zod';
import { ZAttachment, ZAttachmentIds } from './attachments';
import { safeText, ZText, ZTimestamp } from './common';
import { MESSAGE_MESSAGES } from './copy';
import { DECLINE_REASONS } from './decline-reasons';
import { LIMITS } from './limits';
import { ZReplyFlag } from './moderation';

// modules/messages: message texts, conversations and threads, replies, declines and the creator's inbox figures.

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

export const MESSAGE_STATUSES = ['pending', 'sent', 'responded', 'refunded', 'cancelled'] as const;

export { DECLINE_REASONS, type TDeclineReason } from './decline-reasons';

/** Why a paid message ended unanswered (ZThreadMessage.endedBy). */
export const MESSAGE_END_CAUSES = ['expiry', 'decline', 'block'] as const;
export type TMessageEndCause = (typeof MESSAGE_END_CAUSES)[number];

export const ZDeclineRequest = z.object({
  reason: z.enum(DECLINE_REASONS),
  note: ZText.trim()
    .max(LIMITS.declineNote.max, `Please keep the note under ${LIMITS.declineNote.max} characters.`)
    .optional(),
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
  /**
   * Issue 25: why an unanswered paid message ended and its money went back (status `refunded`): the
   * response window ran out (or an admin refunded it), the creator declined it, or the creator
   * blocked the fan. Null for any other status. Screens say "Released", never "Expired", for a block.
   */
  endedBy: z.enum(MESSAGE_END_CAUSES).nullable(),
  createdAt: ZTimestamp,
  /** Images of the message (part 'message') and of its response (part 'response'). */
  attachments: z.array(ZAttachment),
  /** Issue #13: the "not an answer" flag on this message's reply, shown to its two parties and admins. */
  flag: ZReplyFlag.nullable(),
  /** Sender view: until when the sender may still flag the reply (null when they may not). */
  flaggableUntil: ZTimestamp.nullable(),
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
  /**
   * Issue 36: the creator's view of a conversation that has ended for good: 'declined' (the last paid
   * message was declined and nothing is open) or 'blocked' (the creator blocks this fan). No reply box
   * is offered then (`creatorBox` is null); the page says which. Null otherwise, and for the fan.
   */
  closed: z.enum(['declined', 'blocked']).nullable().default(null),
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
