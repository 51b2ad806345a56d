import { formatCents, formatResponseTime, type TCreatorSummary } from '@fanline/contracts';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Avatar } from '../ui/avatar';
import { Skeleton } from '../ui/skeleton';

// The pieces the browse card (creator-card) and the landing page's featured card share; each card
// keeps its own frame, link and extras.

interface CreatorCardHeaderProps {
  creator: Pick<TCreatorSummary, 'username' | 'avatarUrl'>;
  name: string;
  /** The name line's element: the browse card's is a heading holding the card's link. */
  nameAs: 'h2' | 'h3' | 'p';
  /** The name line's content: the name (or its link) and the verified tick. */
  nameLine: ReactNode;
  align: 'items-start' | 'items-center';
  /** Drawn on the avatar: the browse card's availability dot. */
  avatarBadge?: ReactNode;
  /** Under the username: status or sample badges. */
  children?: ReactNode;
}

/** Avatar, name line and @username at the top of a creator card. */
export function CreatorCardHeader({
  creator,
  name,
  nameAs: NameLine,
  nameLine,
  align,
  avatarBadge,
  children,
}: CreatorCardHeaderProps) {
  return (
    <div className={cn('flex gap-3', align)}>
      <span className="relative shrink-0" aria-hidden="true">
        {/* Decision 0048: our own copy or initials, never a picture from another origin. */}
        <Avatar src={creator.avatarUrl} name={name} size="lg" />
        {avatarBadge}
      </span>
      <div className="min-w-0 flex-1">
        <NameLine className="flex items-center gap-1 font-semibold text-slate-900">{nameLine}</NameLine>
        <p className="truncate text-sm text-slate-500">@{creator.username}</p>
        {children}
      </div>
    </div>
  );
}

interface PriceRateStatsProps {
  messagePrice: number;
  /** Already formatted: the browse card shows the spec §9 default for a creator without a rate yet. */
  responseRate: string;
  /** Decision 0026: payment to reply over answered messages; null (nothing shown) until one is answered. */
  avgResponseSeconds?: number | null;
  /** The landing page words them in sentence case. */
  labels?: readonly [price: string, rate: string, time: string];
  className?: string;
}

/** The message price, response rate and (once there is one) average response time a card ends with. */
export function PriceRateStats({
  messagePrice,
  responseRate,
  avgResponseSeconds,
  labels = ['Message Price', 'Response Rate', 'Avg Response'],
  className,
}: PriceRateStatsProps) {
  const hasTime = avgResponseSeconds !== null && avgResponseSeconds !== undefined;
  return (
    <dl className={cn('grid grid-cols-2 gap-2 border-t border-slate-100 pt-3 text-sm', className)}>
      <div>
        <dt className="text-xs text-slate-500">{labels[0]}</dt>
        <dd className="font-semibold text-slate-900">{formatCents(messagePrice)}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">{labels[1]}</dt>
        <dd className="font-semibold text-emerald-700">{responseRate}</dd>
      </div>
      {hasTime && (
        // One line across the card, so cards with and without a time keep their columns aligned.
        <div className="col-span-2 flex items-baseline justify-between gap-2">
          <dt className="text-xs text-slate-500">{labels[2]}</dt>
          <dd data-testid="avg-response" className="font-semibold text-slate-900">
            {formatResponseTime(avgResponseSeconds)}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** A card's placeholder: avatar, name lines (and a badge line), two bio lines, then `children`. */
export function CreatorCardSkeletonFrame({
  badge,
  className,
  children,
}: {
  badge?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('rounded-2xl border border-slate-200 bg-white p-5', className)}>
      <div className="flex items-center gap-3">
        <span className="h-16 w-16 shrink-0 overflow-hidden rounded-full">
          <Skeleton className="h-full w-full" />
        </span>
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
          {badge && <Skeleton className="h-4 w-16 rounded-full" />}
        </div>
      </div>
      <Skeleton className="mt-4 h-3 w-full" />
      <Skeleton className="mt-2 h-3 w-5/6" />
      {children}
    </div>
  );
}
