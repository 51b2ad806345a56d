import { formatCents, type TEarningsSummary } from '@fanline/contracts';

export type PayoutReadiness =
  | { kind: 'no-account' }
  | { kind: 'below-minimum'; shortBy: number; note: string }
  | { kind: 'ready' };

/**
 * Whether Request Payout can succeed, from the server's own figures: the available balance and the
 * minimum the payout rule sets (summary.minimumPayout, never a literal here). The server refuses below
 * the minimum anyway; this only keeps the button from offering what it would refuse.
 */
export function payoutReadiness(
  summary: Pick<TEarningsSummary, 'available' | 'minimumPayout' | 'payoutAccountReady'>,
): PayoutReadiness {
  if (!summary.payoutAccountReady) return { kind: 'no-account' };
  const shortBy = summary.minimumPayout - summary.available;
  if (shortBy > 0) {
    return {
      kind: 'below-minimum',
      shortBy,
      note: `${formatCents(shortBy)} more to reach the ${formatCents(summary.minimumPayout)} minimum`,
    };
  }
  return { kind: 'ready' };
}
