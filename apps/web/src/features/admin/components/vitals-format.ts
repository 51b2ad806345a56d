import { formatInteger, type TVitalsMetric, type TVitalsRating } from '@fanline/contracts';

/** "1,234 ms"; CLS as the unitless score with three decimals, "0.012". */
export function formatVital(metric: TVitalsMetric, value: number): string {
  return metric === 'CLS' ? value.toFixed(3) : `${formatInteger(value)} ms`;
}

export const RATING_LABEL: Record<TVitalsRating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

// Colour and the words together (never colour alone); dark text on light fills passes contrast.
export const RATING_CLASS: Record<TVitalsRating, string> = {
  good: 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200',
  'needs-improvement': 'bg-amber-50 text-amber-900 ring-1 ring-amber-200',
  poor: 'bg-red-50 text-red-800 ring-1 ring-red-200',
};
