/**
 * The response rate as a card shows it; "New" until the creator has one. The spec's default of 95%
 * for a creator without replies was an invented figure (decision 0023).
 */
export function displayResponseRate(rate: number | null | undefined): string {
  return rate && rate > 0 ? `${Math.round(rate)}%` : 'New';
}

/** "4.8" for a rating; null when there is nothing real to show (spec §2: 'No reviews yet'). */
export function displayRating(average: number | null | undefined, count: number): string | null {
  if (!count || average == null) return null;
  return average.toFixed(1);
}
