import { z } from 'zod';
import { ZTimestamp } from './common';
import { MESSAGE_OUTCOMES } from './message-outcome';
import { DECLINE_REASONS, ZParty } from './messages';

// modules/fans: the sender dashboard and billing.

/**
 * spec §4: a sender's billing view maps responded to completed and sent to pending; an expired
 * message's money comes back: 'released' when only a hold was placed (it drops off the statement),
 * 'refunded' when the card was charged (it comes back as a credit). Decision 0050: a refund the card
 * network has not finished is 'refund_pending', one it failed 'refund_failed' (never "refunded").
 */
export const BILLING_STATUSES = [
  'completed',
  'pending',
  'released',
  'refunded',
  'refund_pending',
  'refund_failed',
] as const;
export type TBillingStatus = (typeof BILLING_STATUSES)[number];

/** spec §2 Sender billing: the preview is cut to 50 characters. */
export const BILLING_PREVIEW_LENGTH = 50;
/** spec §9: the sender dashboard lists the 5 most recent conversations. */
export const SENDER_RECENT_CONVERSATIONS = 5;
export const BILLING_PAGE_SIZE = 20;

/** spec §2 billing summary card; every figure summed on the server from payments and messages. */
export const ZBillingSummary = z.object({
  /** Cents actually charged and kept: payments captured for answered messages. */
  totalSpentCents: z.number().int(),
  /** Cents held or charged for messages still inside their window. */
  onHoldCents: z.number().int(),
  /** Cents that came back (released holds and refunds). */
  returnedCents: z.number().int(),
  /** Issue 36 §17: of those, holds let go, never charged ("released, not charged"), */
  releasedCents: z.number().int(),
  /** and charges paid back (refunded). */
  refundedCents: z.number().int(),
  messagesSent: z.number().int(),
  /** spec §4 Waiting (customer). */
  awaitingResponses: z.number().int(),
  conversations: z.number().int(),
});
export type TBillingSummary = z.input<typeof ZBillingSummary>;

export const ZSenderConversation = z.object({
  conversationId: z.uuid(),
  /** The newest paid message: /messages/{id} opens the conversation by it. */
  messageId: z.uuid(),
  otherParty: ZParty,
  preview: z.string(),
  status: z.enum(BILLING_STATUSES),
  /** Issue 36 §5: the newest paid message's outcome (Answered, Declined, Released, Expired…). */
  outcome: z.enum(MESSAGE_OUTCOMES),
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  amountCents: z.number().int(),
  expiresAt: ZTimestamp.nullable(),
  lastActivity: ZTimestamp,
});
export type TSenderConversation = z.input<typeof ZSenderConversation>;

export const ZSenderDashboard = z.object({
  displayName: z.string(),
  /** The onboarding modal shows until the fan dismisses it once. */
  showOnboarding: z.boolean(),
  summary: ZBillingSummary,
  recentConversations: z.array(ZSenderConversation),
});
export type TSenderDashboard = z.input<typeof ZSenderDashboard>;

export const ZBillingTransaction = z.object({
  paymentId: z.uuid(),
  messageId: z.uuid(),
  creator: z.object({ username: z.string(), displayName: z.string().nullable() }),
  /** The message, cut to 50 characters (spec §2). */
  preview: z.string(),
  amountCents: z.number().int(),
  /** What became of the money: charged, held, released (never charged) or refunded. */
  status: z.enum(BILLING_STATUSES),
  /** Issue 36 §5: what became of the message, in the one vocabulary (Answered, Declined, Released, Expired…). */
  outcome: z.enum(MESSAGE_OUTCOMES),
  /** Set when the creator declined it (outcome 'declined'). */
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  createdAt: ZTimestamp,
});
export type TBillingTransaction = z.input<typeof ZBillingTransaction>;

export const ZBillingTransactionsQuery = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'Invalid cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(BILLING_PAGE_SIZE),
});

export const ZBillingTransactionsResponse = z.object({
  transactions: z.array(ZBillingTransaction),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TBillingTransactionsResponse = z.input<typeof ZBillingTransactionsResponse>;

export const TIMELINE_STEPS = ['authorized', 'captured', 'released', 'refunded'] as const;
export const ZPaymentTimeline = z.object({
  paymentId: z.uuid(),
  status: z.enum(BILLING_STATUSES),
  amountCents: z.number().int(),
  steps: z.array(z.object({ step: z.enum(TIMELINE_STEPS), at: ZTimestamp, amountCents: z.number().int() })),
  /** When the money comes back: how it shows on the card statement (null while nothing is returned). */
  returnNote: z.string().nullable(),
});
export type TPaymentTimeline = z.input<typeof ZPaymentTimeline>;
