import { Star } from 'lucide-react';
import { cn } from '../../lib/cn';
import { displayRating } from './creator-display';

interface RatingSummaryProps {
  average: number | null;
  count: number;
  className?: string;
}

/** '★ 4.8 (12)', or spec §2's 'No reviews yet' when there is no real rating. */
export function RatingSummary({ average, count, className }: RatingSummaryProps) {
  const rating = displayRating(average, count);
  if (!rating) return <p className={cn('text-slate-500', className)}>No reviews yet</p>;
  return (
    <p className={cn('flex items-center gap-1 text-slate-700', className)}>
      <Star className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden="true" />
      <span className="sr-only">Rated</span>
      <span className="font-semibold text-slate-900">{rating}</span>
      <span className="text-slate-500">
        ({count}
        <span className="sr-only"> {count === 1 ? 'review' : 'reviews'}</span>)
      </span>
    </p>
  );
}
