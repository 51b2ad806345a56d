import { z } from 'zod';
import { ZText, ZTimestamp } from './common';
import { LIMITS } from './limits';

// Creator business (issue #10): pricing, payout account, earnings and payouts. Amounts are cents.

/** spec §8 Payout/settings/Stripe: the product's words. */
export const PAYOUT_MESSAGES = {
  requested: 'Payout Request Submitted',
  requestedBody: 'Your payout request is being processed.',
  failed: 'Payout Request Failed',
  failedFallback: 'An unknown error occurred.',
  minimumNotMet: 'Minimum Payout Not Met',
  amountPositive: 'Payout amount must be positive.',
  accountRequired: 'Stripe onboarding not complete',
  accountRequiredBody: 'Connect your payout account under Settings → Payout before requesting a payout.',
  connectFailed: 'Failed to connect with Stripe',
  syncFailed: 'Error syncing Stripe status',
  onboardingIncomplete: 'Stripe onboarding not complete',
  connectExpired: 'Stripe connection expired',
  connected: 'Stripe account connected',
  saved: 'Settings saved',
  savedBody: 'Profile updated',
  saveFailed: 'Failed to update profile. Please try again.',
} as const;

/** Whole dollars in steps of 5 (spec §5); the bounds come from live platform settings. */
export function priceProblem(cents: number, bounds: { minDollars: number; maxDollars: number }): string | null {
  if (!Number.isInteger(cents) || cents % 100 !== 0) return 'Message price must be whole dollars.';
  const dollars = cents / 100;
  if (dollars < bounds.minDollars || dollars > bounds.maxDollars) {
    return `Message price must be between $${bounds.minDollars} and $${bounds.maxDollars}.`;
  }
  if (dollars % LIMITS.price.stepDollars !== 0) {
    return `Message price must be a multiple of $${LIMITS.price.stepDollars}.`;
  }
  return null;
}

export const ZCategoryName = ZText.trim()
  .min(1, 'Category names cannot be empty.')
  .max(40, 'Category names are at most 40 characters.');

/** Categories: at most 5, no duplicates (case-insensitive), custom names allowed (spec §5). */
export const ZDisciplines = z
  .array(ZCategoryName)
  .max(LIMITS.categories.max, `Choose at most ${LIMITS.categories.max} categories.`)
  .refine((list) => new Set(list.map((c) => c.toLowerCase())).size === list.length, 'Categories must not repeat.');

/** Creator-only fields of PATCH /api/profile/me. */
export const ZCreatorProfileChanges = z.object({
  /** Cents; checked against the live min/max price settings on the server. */
  messagePrice: z.number().int().positive().optional(),
  isAvailable: z.boolean().optional(),
  disciplines: ZDisciplines.optional(),
  /** The portfolio's new order; only removals and reordering of images already uploaded. */
  portfolioImages: z.array(ZText.max(300)).max(LIMITS.portfolioImages.max).optional(),
});

/** IANA zone the browser reports (Intl), stored so earnings days follow the creator's calendar. */
export const ZTimeZone = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_+\-/]+$/, 'Not a time zone.');

export const ZPayoutAccountStatus = z.object({
  provider: z.enum(['local', 'stripe']),
  hasAccount: z.boolean(),
  onboardingComplete: z.boolean(),
});
export type TPayoutAccountStatus = z.input<typeof ZPayoutAccountStatus>;

export const ZOnboardingLinkResponse = z.object({ url: z.string() });

export const ZPayout = z.object({
  id: z.uuid(),
  amount: z.number().int(),
  status: z.enum(['pending', 'completed', 'failed']),
  failureReason: z.string().nullable(),
  createdAt: ZTimestamp,
});
export type TPayout = z.input<typeof ZPayout>;

export const ZEarningTransaction = z.object({
  id: z.uuid(),
  messageId: z.uuid(),
  amount: z.number().int(),
  commission: z.number().int(),
  totalAmount: z.number().int(),
  status: z.enum(['pending', 'earned', 'paid_out']),
  createdAt: ZTimestamp,
  messagePreview: z.string(),
  senderName: z.string(),
  senderUsername: z.string(),
});
export type TEarningTransaction = z.input<typeof ZEarningTransaction>;

/** spec §2 Earnings: every figure a sum over the ledger (ARCHITECTURE §8). */
export const ZEarningsSummary = z.object({
  timeZone: z.string(),
  today: z.number().int(),
  last7Days: z.number().int(),
  thisMonth: z.number().int(),
  totalEarned: z.number().int(),
  available: z.number().int(),
  minimumPayout: z.number().int(),
  payoutAccountReady: z.boolean(),
  /** The last 30 days, oldest first, one entry per day in the creator's time zone. */
  daily: z.array(z.object({ date: z.string(), amount: z.number().int() })),
  recent: z.array(ZEarningTransaction),
});
export type TEarningsSummary = z.input<typeof ZEarningsSummary>;

export const ZPayoutList = z.object({ items: z.array(ZPayout), nextCursor: z.string().nullable() });
export type TPayoutList = z.input<typeof ZPayoutList>;

export const ZPayoutListQuery = z.object({
  cursor: ZText.max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** Issue #13 capacity protection: PUT /api/creator/capacity. Null turns a limit off. */
export const ZCapacitySettings = z.object({
  maxOpenMessages: z.number().int().min(1, 'At least 1.').max(1000, 'At most 1000.').nullable(),
  dailyMessageCap: z.number().int().min(1, 'At least 1.').max(1000, 'At most 1000.').nullable(),
  /** Away until this moment (ISO timestamp), or null when not on vacation. */
  vacationUntil: z.iso.datetime({ offset: true }).nullable(),
});
export type TCapacitySettings = z.input<typeof ZCapacitySettings>;

/** Why checkout is refused right now: away (until its end), full (until a slot frees up), daily cap (until tomorrow). */
export const ZPause = z.object({
  reason: z.enum(['away', 'full', 'daily_cap']),
  until: ZTimestamp.nullable(),
});
export type TPause = z.input<typeof ZPause>;

export const ZCapacity = z.object({
  maxOpenMessages: z.number().int().nullable(),
  dailyMessageCap: z.number().int().nullable(),
  vacationUntil: ZTimestamp.nullable(),
  pause: ZPause.nullable(),
});
export type TCapacity = z.input<typeof ZCapacity>;
