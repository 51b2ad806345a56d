/** spec §9: a card shows 95% when a creator has no response rate yet. */
export const CARD_DEFAULT_RESPONSE_RATE = 95;

export function displayResponseRate(rate: number | null | undefined): string {
  return `${Math.round(rate && rate > 0 ? rate : CARD_DEFAULT_RESPONSE_RATE)}%`;
}

/** "4.8" for a rating; null when there is nothing real to show (spec §2: 'No reviews yet'). */
export function displayRating(average: number | null | undefined, count: number): string | null {
  if (!count || average == null) return null;
  return average.toFixed(1);
}
