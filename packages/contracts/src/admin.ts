import { z } from 'zod';
import { ZAdminPage, ZAdminPageQuery } from './admin-page';
import { ZText, ZTimestamp, ZUuid } from './common';
import { DECLINE_REASONS } from './decline-reasons';
import { LIMITS } from './limits';
import { MESSAGE_OUTCOMES } from './message-outcome';
import { ZDisplayName, ZUsername } from './profiles';

// apps/server/src/admin: the admin portal (spec §2 Admin portal, §5 admin inputs; ARCHITECTURE §3a, §8).

export const ADMIN_ROLES = ['super_admin', 'admin'] as const;

export type TAdminRole = (typeof ADMIN_ROLES)[number];

export const ZAdminMe = z.object({
  id: ZUuid,
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  permissions: z.record(z.string(), z.boolean()),
});

export type TAdminMe = z.infer<typeof ZAdminMe>;

export const ZAdminUserRow = z.object({
  id: ZUuid,
  email: z.string().nullable(),
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  isCreator: z.boolean(),
  isAvailable: z.boolean(),
  isFeatured: z.boolean(),
  verified: z.boolean(),
  messagePrice: z.number().int(),
  responseRate: z.number(),
  adminRole: z.string().nullable(),
  createdAt: ZTimestamp,
});

export type TAdminUserRow = z.input<typeof ZAdminUserRow>;

export const ADMIN_USER_FILTERS = ['all', 'users', 'creators', 'admins'] as const;

export const ZAdminUsersQuery = ZAdminPageQuery.extend({
  search: ZText.trim().max(100).optional(),
  filter: z.enum(ADMIN_USER_FILTERS).default('all'),
});

export const ZAdminUsersResponse = ZAdminPage.extend({
  users: z.array(ZAdminUserRow),
  stats: z.object({ total: z.number(), creators: z.number(), verified: z.number(), admins: z.number() }),
});

export type TAdminUsersResponse = z.input<typeof ZAdminUsersResponse>;

/** spec §5 Admin edit user: price 5–500 dollars; price, Available and Featured only for creators. */
export const ZAdminEditUser = z.object({
  // The same rule as the user's own edit (security review N9): required, so never blanked.
  displayName: ZDisplayName.optional(),
  // The one username shape (issue 35); the server adds the reserved, held and lookalike rules.
  username: ZUsername.optional(),
  bio: ZText.max(LIMITS.bio.max, `Bio must be at most ${LIMITS.bio.max} characters`).nullable().optional(),
  messagePriceDollars: z
    .number()
    .int()
    .min(LIMITS.price.minDollars, `Price must be at least $${LIMITS.price.minDollars}`)
    .max(LIMITS.price.maxDollars, `Price must be at most $${LIMITS.price.maxDollars}`)
    .optional(),
  isAvailable: z.boolean().optional(),
  isFeatured: z.boolean().optional(),
});

export type TAdminEditUser = z.infer<typeof ZAdminEditUser>;

export const ZAdminFeature = z.object({ featured: z.boolean() });

export const ZAdminStats = z.object({
  totalUsers: z.number(),
  totalCreators: z.number(),
  totalMessages: z.number(),
  pendingMessages: z.number(),
  revenueCents: z.number(),
  pendingReports: z.number(),
});

export type TAdminStats = z.infer<typeof ZAdminStats>;

export const ZAuditEntry = z.object({
  id: ZUuid,
  adminEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: ZTimestamp,
});

/** GET /api/admin/audit: the audit log newest first, a page at a time (the dashboard asks for limit=5). */
export const ZAuditQuery = ZAdminPageQuery;

export const ZAuditResponse = ZAdminPage.extend({ entries: z.array(ZAuditEntry) });

export type TAuditResponse = z.input<typeof ZAuditResponse>;

export type TAuditEntry = z.input<typeof ZAuditEntry>;

export const ZAdminActivity = z.object({
  id: z.string(),
  kind: z.enum(['profile', 'message', 'payment', 'report']),
  text: z.string(),
  at: ZTimestamp,
  amountCents: z.number().int().optional(),
});

export const ZAdminActivityResponse = z.object({ events: z.array(ZAdminActivity) });

export type TAdminActivity = z.input<typeof ZAdminActivity>;

/** Issue 36 §5: a decline, a block's release and a missed deadline are three filters, never one "Expired". */
export const ADMIN_MESSAGE_FILTERS = ['all', 'pending', 'responded', 'declined', 'released', 'expired'] as const;

export type TAdminMessageFilter = (typeof ADMIN_MESSAGE_FILTERS)[number];

export const ZAdminMessagesQuery = ZAdminPageQuery.extend({
  search: ZText.trim().max(100).optional(),
  filter: z.enum(ADMIN_MESSAGE_FILTERS).default('all'),
});

const ZParty = z.object({ id: ZUuid, username: z.string(), displayName: z.string().nullable() });

export const ZAdminMessageRow = z.object({
  id: ZUuid,
  sender: ZParty,
  recipient: ZParty,
  /** Our message status: sent, responded, refunded; screens show `outcome`'s word instead. */
  status: z.enum(['sent', 'responded', 'refunded']),
  /** Issue 36 §5: the one vocabulary (contracts' MESSAGE_OUTCOME_LABELS): Declined, Released, Expired… */
  outcome: z.enum(MESSAGE_OUTCOMES),
  /** Set when the creator declined it (outcome 'declined'). */
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  /** A creator's free follow-up: 'sent' for good, yet never pending (shown Follow-up). */
  isFollowup: z.boolean(),
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
  /**
   * An answered message whose captured payment went to the creator (paid out or not yet): the admin may
   * rule for the fan, which refunds them and takes the earning back from the creator (decision 0055).
   */
  refundableAfterAnswer: z.boolean(),
});

export type TAdminMessageRow = z.input<typeof ZAdminMessageRow>;

export const ZAdminMessagesResponse = ZAdminPage.extend({
  messages: z.array(ZAdminMessageRow),
  stats: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    responded: z.number().int(),
    expired: z.number().int(),
    /** responded ÷ paid messages (spec §9); free follow-ups await no answer, so they are left out. */
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

/**
 * Payment states (succeeded, pending, failed) and, issue 36 §5, how the message ended when its money
 * went back: declined, released (creator blocked), expired, refunded; once one "Released / Refunded".
 */
export const ADMIN_TRANSACTION_FILTERS = [
  'all',
  'succeeded',
  'pending',
  'failed',
  'declined',
  'released',
  'expired',
  'refunded',
] as const;

export type TAdminTransactionFilter = (typeof ADMIN_TRANSACTION_FILTERS)[number];

export const ZAdminTransactionsQuery = ZAdminPageQuery.extend({
  search: ZText.trim().max(100).optional(),
  filter: z.enum(ADMIN_TRANSACTION_FILTERS).default('all'),
});

export const ZAdminTransactionRow = z.object({
  id: ZUuid,
  sender: ZParty,
  recipient: ZParty,
  /** Our payment status (ARCHITECTURE §3a). */
  status: z.enum(['pending', 'authorized', 'succeeded', 'canceled', 'refunded', 'failed']),
  /**
   * Issue 36 §5: the paid message's outcome in the one vocabulary (MESSAGE_OUTCOME_LABELS); null while
   * the checkout is unpaid or failed, or when the payment has no message.
   */
  outcome: z.enum(MESSAGE_OUTCOMES).nullable(),
  /** Set when the creator declined the message (outcome 'declined'). */
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  amountCents: z.number().int(),
  platformFeeCents: z.number().int(),
  creatorCents: z.number().int(),
  commissionPercent: z.number().int(),
  provider: z.string(),
  messageId: ZUuid.nullable(),
  createdAt: ZTimestamp,
});

export type TAdminTransactionRow = z.input<typeof ZAdminTransactionRow>;

export const ZAdminTransactionsResponse = ZAdminPage.extend({
  transactions: z.array(ZAdminTransactionRow),
  stats: z.object({
    /** Captured money (sum of the capture legs leaving sender_hold). */
    totalRevenueCents: z.number().int(),
    /**
     * This calendar month's captured money against last month's (UTC), in percent with one decimal;
     * null when last month captured nothing (no growth to state). Decision 0023: computed, not the
     * spec's fixed 12.5.
     */
    growthPercent: z.number().nullable(),
    platformFeesCents: z.number().int(),
    platformFeesPercent: z.number(),
    /** What the card processor (Stripe) kept of captured charges, out of the platform fees (decision 0056). */
    processingFeesCents: z.number().int(),
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

/**
 * Admin › Stuck jobs (issue 35, decision 0039): the outbox rows that died (an after-commit step that
 * failed on every attempt, or was refused), each with the chain it holds back. No payload is shown.
 */
export const ZStuckJob = z.object({
  id: z.number().int(),
  kind: z.string(),
  key: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** The chain it holds: later steps with this ordering key wait for it. */
  orderingKey: z.string().nullable(),
  /** How many pending steps wait behind it. */
  waiting: z.number().int(),
  createdAt: ZTimestamp,
  failedAt: ZTimestamp,
});

export const ZStuckJobsResponse = z.object({ jobs: z.array(ZStuckJob) });

/** POST /api/admin/stuck-jobs/:id/retry or /drop: what happened to the row. */
export const ZStuckJobResult = z.object({ outcome: z.enum(['retried', 'dropped']) });

export type TStuckJob = z.input<typeof ZStuckJob>;
export type TStuckJobsResponse = z.input<typeof ZStuckJobsResponse>;
export type TStuckJobResult = z.infer<typeof ZStuckJobResult>;

/** Stripe's dispute statuses (decision 0054): `warning_*` are inquiries, the rest chargebacks. */
export const DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
] as const;

/** GET /api/admin/disputes: newest first, a page at a time. */
export const ZAdminDisputesQuery = ZAdminPageQuery;

export const ZAdminDispute = z.object({
  id: ZUuid,
  status: z.enum(DISPUTE_STATUSES),
  /** Stripe's reason code (fraudulent, product_not_received…). */
  reason: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** The evidence deadline; null once it no longer matters. */
  dueBy: ZTimestamp.nullable(),
  /** What the dispute did to the creator's earning: held, clawed back (paid out), or nothing. */
  earningAction: z.enum(['held', 'clawed_back', 'none']).nullable(),
  submissionCount: z.number().int(),
  evidenceText: z.string().nullable(),
  evidenceSubmittedAt: ZTimestamp.nullable(),
  paymentId: ZUuid,
  messageId: ZUuid.nullable(),
  /** The paid message, its first 120 characters. */
  messagePreview: z.string().nullable(),
  fan: ZParty,
  creator: ZParty,
  createdAt: ZTimestamp,
});

export const ZAdminDisputesResponse = ZAdminPage.extend({ disputes: z.array(ZAdminDispute) });

/** POST /api/admin/disputes/:id/evidence: text for the bank, sent to Stripe and (by default) submitted. */
export const ZAdminDisputeEvidence = z.object({
  text: ZText.trim().min(20, 'Write at least 20 characters for the bank.').max(5000),
  submit: z.boolean().default(true),
});

export type TAdminDispute = z.input<typeof ZAdminDispute>;
export type TAdminDisputesResponse = z.input<typeof ZAdminDisputesResponse>;
export type TAdminDisputeEvidence = z.input<typeof ZAdminDisputeEvidence>;
