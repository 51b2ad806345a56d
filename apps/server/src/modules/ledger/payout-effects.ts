import { z } from 'zod';
import { defineEffect } from '../outbox';

/**
 * The outbox effects of a payout (decisions 0022, 0039), defined here so every writer (the request,
 * the reconciler, the booking) makes the same key: the transfer at the provider (finishPayout, keyed by
 * the payout's id there too, so a repeat never pays twice), and the creator's mail about its answer.
 */
export const PAYOUT_EFFECTS = { transfer: 'payout-transfer', mail: 'mail-payout-status' } as const;

const payout = z.object({ payoutId: z.string().min(1) });
export const payoutTransferDefinition = defineEffect(PAYOUT_EFFECTS.transfer, payout);
export const payoutMailDefinition = defineEffect(PAYOUT_EFFECTS.mail, payout);

export function payoutTransferEffect(payoutId: string) {
  return payoutTransferDefinition.make(`payout-transfer:${payoutId}`, { payoutId });
}

/** One mail per answer: paid, or failed (again after a retry: each attempt's answer is its own mail). */
export function payoutMailEffect(payoutId: string, status: 'in_transit' | 'paid' | 'failed', attempt: number) {
  return payoutMailDefinition.make(`mail-payout-status:${payoutId}:${status}:${attempt}`, { payoutId });
}
