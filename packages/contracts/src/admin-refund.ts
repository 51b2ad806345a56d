import { z } from 'zod';
import { ZText } from './common';

// Decision 0055: an admin's refund of an answered message, in a module of its own so the first visit's
// bundle, which reads a few of admin.ts's exports, does not carry these schemas too.

/** Decision 0055: the reason an admin gives for refunding an answered message (audited, never shown to users). */
export const ADMIN_REFUND_REASON_MAX = 300;

export const ZAdminRefundAnsweredRequest = z.object({
  reason: ZText.trim()
    .min(3, 'Say in a few words why the fan is refunded.')
    .max(ADMIN_REFUND_REASON_MAX, `Keep the reason under ${ADMIN_REFUND_REASON_MAX} characters.`),
});

export type TAdminRefundAnsweredRequest = z.infer<typeof ZAdminRefundAnsweredRequest>;

/**
 * How the creator's earning was taken back (decision 0055): `cancelled` before its payout (the ledger
 * takes it back); `reversed` after it (the transfer to the creator's Stripe account reversed);
 * `netted` when the provider refused the reversal (a negative balance taken from the next payouts).
 */
export const ADMIN_TAKE_BACKS = ['cancelled', 'reversed', 'netted'] as const;
export type TAdminTakeBack = (typeof ADMIN_TAKE_BACKS)[number];

export const ZAdminRefundAnsweredResult = z.object({
  /**
   * refunded: the fan's card refund was made and the earning taken back; queued: the ruling is recorded but
   * the provider did not answer now, and the refund is retried (admins are alerted if it keeps failing);
   * already: this message's money had already gone back (a double click); owed: the ruling stands and the
   * earning is taken back, but the card refund was refused outright (Stripe's charge_disputed after a
   * chargeback, decision 0068), so the money is on the platform, owed to the fan, and admins are alerted.
   */
  outcome: z.enum(['refunded', 'queued', 'already', 'owed']),
  takeBack: z.enum(ADMIN_TAKE_BACKS).nullable(),
  amountCents: z.number().int(),
  paymentStatus: z.string().nullable(),
});

export type TAdminRefundAnsweredResult = z.infer<typeof ZAdminRefundAnsweredResult>;
