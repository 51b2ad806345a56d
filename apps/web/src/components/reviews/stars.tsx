import { LIMITS } from '@fanline/contracts';
import { Star } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A review's rating as filled stars, read out as one image ("Rated 4 out of 5"). */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of ${LIMITS.rating.max}`} className={cn('flex', className)}>
      {Array.from({ length: LIMITS.rating.max }, (_, index) => (
        <Star
          // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are positions
          key={index}
          aria-hidden="true"
          className={cn('h-4 w-4', index < rating ? 'fill-amber-400 text-amber-400' : 'text-slate-300')}
        />
      ))}
    </span>
  );
}
