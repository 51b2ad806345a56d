/**
 * What each earning's transfer carries, in the payout's order: its whole share, except that a payout
 * that nets a debt (decision 0055: its amount is less than its earnings) keeps the difference back from
 * the first earnings. Derived from the payout's own amount, so every retry sends the same parameters
 * under the same keys (decision 0049).
 */
export function transferAmounts(owed: ReadonlyArray<{ amount: number }>, payoutAmount: number): number[] {
  let kept = Math.max(owed.reduce((sum, e) => sum + e.amount, 0) - payoutAmount, 0);
  return owed.map((e) => {
    const keep = Math.min(kept, e.amount);
    kept -= keep;
    return e.amount - keep;
  });
}
