import type { Effect } from '../outbox';

/**
 * The outbox effects of a payout (decision 0022), named here so every writer (the request, the
 * reconciler, the booking) makes the same key: the transfer at the provider (finishPayout, keyed by
 * the payout's id there too, so a repeat never pays twice), and the creator's mail about its answer.
 */
export const PAYOUT_EFFECTS = { transfer: 'payout-transfer', mail: 'mail-payout-status' } as const;

export function payoutTransferEffect(payoutId: string): Effect<'payout-transfer', { payoutId: string }> {
  return { kind: PAYOUT_EFFECTS.transfer, key: `payout-transfer:${payoutId}`, payload: { payoutId } };
}

/** One mail per answer: paid, or failed (again after a retry: each attempt's answer is its own mail). */
export function payoutMailEffect(
  payoutId: string,
  status: 'in_transit' | 'paid' | 'failed',
  attempt: number,
): Effect<'mail-payout-status', { payoutId: string }> {
  return {
    kind: PAYOUT_EFFECTS.mail,
    key: `mail-payout-status:${payoutId}:${status}:${attempt}`,
    payload: { payoutId },
  };
}
