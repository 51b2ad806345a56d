import { z } from 'zod';
import { ZText, ZTimestamp } from './common';

/**
 * Issue 41 point 2 (decision 0058): closing an account. The owner re-enters their password; their open
 * paid messages go back, a creator stops taking messages and their payout account is detached, and
 * after ACCOUNT_DELETION_GRACE_DAYS the person's data is erased unless they cancel first.
 */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

/**
 * How long payment, ledger, earning and payout records are kept after the year of the payment (the
 * Privacy Policy says so): the longest period EU member states' tax and accounting law asks for.
 */
export const RECORDS_RETENTION_YEARS = 10;

export const ACCOUNT_DELETION_MESSAGES = {
  passwordRequired: 'Please enter your password.',
  wrongPassword: 'Password is incorrect.',
  alreadyPending: 'Your account is already closing.',
  nothingToCancel: 'Your account is not closing.',
  linkExpired: 'This link has expired or was already used. Sign in to see whether your account is closing.',
  earningsHeld:
    'Your earnings stay on your account while it closes: they cannot be paid out without a payout account. Cancel the deletion to connect one and ask for a payout, or write to support.',
  cancelled: 'Deletion cancelled. Your account stays open.',
  notForAdmins: 'An admin account cannot be closed here: remove its admin role first.',
  notFound: 'User not found.',
} as const;

export const ZAccountDeletionRequest = z.object({
  password: ZText.min(1, ACCOUNT_DELETION_MESSAGES.passwordRequired).max(256, 'Password is too long.'),
});
export type TAccountDeletionRequest = z.infer<typeof ZAccountDeletionRequest>;

/** What the owner (and an admin) sees of a closure. `deletion` is null when none was ever asked for. */
export const ZAccountDeletion = z.object({
  status: z.enum(['pending', 'cancelled', 'erased']),
  requestedAt: ZTimestamp,
  scheduledFor: ZTimestamp,
  /** True when an admin started it. */
  startedByAdmin: z.boolean(),
  cancelledAt: ZTimestamp.nullable(),
  erasedAt: ZTimestamp.nullable(),
  /** Open paid messages whose money went back when the account was closed. */
  refundedMessages: z.number().int(),
  /** Earnings that could not be paid out, kept on the account (cents), and why. */
  earningsHeldCents: z.number().int(),
  earningsHeldReason: z.string().nullable(),
});
export type TAccountDeletion = z.output<typeof ZAccountDeletion>;

export const ZAccountDeletionState = z.object({ deletion: ZAccountDeletion.nullable() });
export type TAccountDeletionState = z.output<typeof ZAccountDeletionState>;
/** As the browser reads it: timestamps as ISO strings. */
export type TAccountDeletionView = z.input<typeof ZAccountDeletion>;
export type TAccountDeletionStateView = z.input<typeof ZAccountDeletionState>;

/** The mailed cancel link's token (from the URL fragment, decision 0046). */
export const ZCancelDeletionByLink = z.object({ token: ZText.min(16).max(256) });
