import { BadgeCheck } from 'lucide-react';
import { cn } from '../../lib/cn';

/** The verified tick next to a creator's name (instagram_verified), named for screen readers. */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 text-brand-600', className)} title="Verified">
      <BadgeCheck className="h-4 w-4" aria-hidden="true" />
      <span className="sr-only">Verified</span>
    </span>
  );
}
