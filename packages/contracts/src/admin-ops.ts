import { z } from 'zod';
import { ZText, ZTimestamp, ZUuid } from './common';

// Admin Messages and Transactions (spec §2 Admin portal; ARCHITECTURE §3a, §8).

export const ADMIN_MESSAGE_FILTERS = ['all', 'pending', 'responded', 'expired'] as const;
export type TAdminMessageFilter = (typeof ADMIN_MESSAGE_FILTERS)[number];

export const ZAdminMessagesQuery = z.object({
  search: ZText.trim().max(100).optional(),
  filter: z.enum(ADMIN_MESSAGE_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

const ZParty = z.object({ id: ZUuid, username: z.string(), displayName: z.string().nullable() });

export const ZAdminMessageRow = z.object({
  id: ZUuid,
  sender: ZParty,
  recipient: ZParty,
  /** Our message status: sent (shown Pending), responded, refunded (shown Expired). */
  status: z.enum(['sent', 'responded', 'refunded']),
  amountCents: z.number().int(),
  content: z.string(),
  response: z.string().nullable(),
  createdAt: ZTimestamp,
  respondedAt: ZTimestamp.nullable(),
  expiresAt: ZTimestamp.nullable(),
  /** The payment's status, or null for a free follow-up. */
  paymentStatus: z.string().nullable(),
  /** Money still held or charged although the fan is owed it back, or a pending paid message: the admin may refund. */
  refundable: z.boolean(),
});
export type TAdminMessageRow = z.input<typeof ZAdminMessageRow>;

export const ZAdminMessagesResponse = z.object({
  messages: z.array(ZAdminMessageRow),
  page: z.number().int(),
  hasMore: z.boolean(),
  stats: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    responded: z.number().int(),
    expired: z.number().int(),
    /** responded ÷ total, percent (spec §9). */
    responseRatePercent: z.number(),
    /** Mean time from payment to reply over answered paid messages; null when none. */
    avgResponseSeconds: z.number().nullable(),
  }),
  /** Pending paid messages with the least time left (overdue first). */
  atRisk: z.array(ZAdminMessageRow),
});
export type TAdminMessagesResponse = z.input<typeof ZAdminMessagesResponse>;

export const ZAdminRefundResult = z.object({
  /** refunded: the message expired now and the money went back; released: an earlier release was finished; already: nothing left to do. */
  outcome: z.enum(['refunded', 'released', 'already']),
  paymentStatus: z.string().nullable(),
});
export type TAdminRefundResult = z.infer<typeof ZAdminRefundResult>;

export const ADMIN_TRANSACTION_FILTERS = ['all', 'succeeded', 'pending', 'failed', 'returned'] as const;
export type TAdminTransactionFilter = (typeof ADMIN_TRANSACTION_FILTERS)[number];
/** The spec's growth figure beside Total Revenue is fixed (spec §9 "Growth rate hard-coded 12.5"). */
export const ADMIN_REVENUE_GROWTH_PERCENT = 12.5;

export const ZAdminTransactionsQuery = z.object({
  search: ZText.trim().max(100).optional(),
  filter: z.enum(ADMIN_TRANSACTION_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const ZAdminTransactionRow = z.object({
  id: ZUuid,
  sender: ZParty,
  recipient: ZParty,
  /** Our payment status (ARCHITECTURE §3a). */
  status: z.enum(['pending', 'authorized', 'succeeded', 'canceled', 'refunded', 'failed']),
  amountCents: z.number().int(),
  platformFeeCents: z.number().int(),
  creatorCents: z.number().int(),
  commissionPercent: z.number().int(),
  provider: z.string(),
  messageId: ZUuid.nullable(),
  createdAt: ZTimestamp,
});
export type TAdminTransactionRow = z.input<typeof ZAdminTransactionRow>;

export const ZAdminTransactionsResponse = z.object({
  transactions: z.array(ZAdminTransactionRow),
  page: z.number().int(),
  hasMore: z.boolean(),
  stats: z.object({
    /** Captured money (sum of the capture legs leaving sender_hold). */
    totalRevenueCents: z.number().int(),
    growthPercent: z.number(),
    platformFeesCents: z.number().int(),
    platformFeesPercent: z.number(),
    creatorEarningsCents: z.number().int(),
    capturedCount: z.number().int(),
    averageTransactionCents: z.number().int(),
    /** Every payment started, whatever became of it. */
    transactionVolume: z.number().int(),
  }),
});
export type TAdminTransactionsResponse = z.input<typeof ZAdminTransactionsResponse>;

export const ZAdminTransactionDetails = z.object({
  transaction: ZAdminTransactionRow,
  /** First 20 characters only (spec §9). */
  providerPaymentId: z.string().nullable(),
  providerCheckoutId: z.string().nullable(),
  steps: z.array(
    z.object({
      step: z.enum(['started', 'authorized', 'captured', 'released', 'refunded']),
      at: ZTimestamp,
      amountCents: z.number().int(),
    }),
  ),
});
export type TAdminTransactionDetails = z.input<typeof ZAdminTransactionDetails>;

// Reports and the moderation queue (spec §2 Moderation, §3 content_moderation, ARCHITECTURE §8).

export const REPORT_TARGETS = ['message', 'reply'] as const;
export const ZReportRequest = z.object({
  target: z.enum(REPORT_TARGETS),
  reason: ZText.trim()
    .min(3, 'Please tell us what is wrong (at least 3 characters)')
    .max(500, 'Reason must be at most 500 characters'),
});
export type TReportRequest = z.infer<typeof ZReportRequest>;
export const REPORT_MESSAGES = {
  sent: 'Thanks, your report was sent to our moderators. We will let you know the outcome.',
  duplicate: 'You have already reported this. Our moderators will review it.',
} as const;

export const MODERATION_FILTERS = ['all', 'pending', 'approved', 'rejected'] as const;
export type TModerationFilter = (typeof MODERATION_FILTERS)[number];
export const MODERATION_PREVIEW_LENGTH = 100;

export const ZModerationQuery = z.object({
  search: ZText.trim().max(100).optional(),
  filter: z.enum(MODERATION_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

const ZPerson = z.object({ id: ZUuid, username: z.string(), displayName: z.string().nullable() }).nullable();

export const ZModerationItem = z.object({
  id: ZUuid,
  contentType: z.string(),
  contentId: ZUuid,
  /** The reported text, whole (null when it no longer exists: 'Content not available'). */
  content: z.string().nullable(),
  /** 100 characters plus an ellipsis (spec §9). */
  preview: z.string(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  moderatorNotes: z.string().nullable(),
  reporter: ZPerson,
  reportedUser: ZPerson,
  moderatorEmail: z.string().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TModerationItem = z.input<typeof ZModerationItem>;

export const ZModerationResponse = z.object({
  items: z.array(ZModerationItem),
  page: z.number().int(),
  hasMore: z.boolean(),
  stats: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
  }),
});
export type TModerationResponse = z.input<typeof ZModerationResponse>;

export const ZModerationReview = z.object({
  decision: z.enum(['approve', 'reject']),
  notes: ZText.trim().max(1000, 'Notes must be at most 1000 characters').optional(),
});
export type TModerationReview = z.infer<typeof ZModerationReview>;
