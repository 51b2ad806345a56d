import { z } from 'zod';
import { ZTimestamp, ZUuid } from './common';

// Admin Messages and Transactions (spec §2 Admin portal; ARCHITECTURE §3a, §8).

export const ADMIN_MESSAGE_FILTERS = ['all', 'pending', 'responded', 'expired'] as const;
export type TAdminMessageFilter = (typeof ADMIN_MESSAGE_FILTERS)[number];

export const ZAdminMessagesQuery = z.object({
  search: z.string().trim().max(100).optional(),
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
