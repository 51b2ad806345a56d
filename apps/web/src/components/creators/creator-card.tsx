import type { TBrowseCreator } from '@fanline/contracts';
import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { usePlatformConfig } from '../../lib/platform-config';
import { href } from '../../paths';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Skeleton } from '../ui/skeleton';
import { CreatorCardHeader, CreatorCardSkeletonFrame, PriceRateStats } from './creator-card-parts';
import { displayResponseRate } from './creator-display';
import { pauseNote } from './pause-note';
import { RatingSummary } from './rating-summary';
import { useMessageCreator } from './use-message-creator';
import { VerifiedBadge } from './verified-badge';

export type TCardCreator = Pick<
  TBrowseCreator,
  | 'id'
  | 'username'
  | 'displayName'
  | 'bio'
  | 'avatarUrl'
  | 'instagramVerified'
  | 'isAvailable'
  | 'pauseReason'
  | 'vacationUntil'
  | 'messagePrice'
  | 'responseRate'
  | 'averageRating'
  | 'reviewCount'
  | 'avgResponseSeconds'
  | 'threadsOnboardingCompleted'
  | 'disciplines'
> &
  Partial<Pick<TBrowseCreator, 'isOnline'>>;

/**
 * spec §2 Creator card. The name is the card's link, stretched over the whole card so a click anywhere
 * opens /{username}; the Send Message button sits above it, so there is no link inside a link.
 */
export function CreatorCard({
  creator,
  headingLevel = 'h3',
}: {
  creator: TCardCreator;
  /** The name's heading level under the page's headings: h2 right under the page's h1 (Discover). */
  headingLevel?: 'h2' | 'h3';
}) {
  const messageCreator = useMessageCreator();
  const name = creator.displayName || creator.username;
  const onboarded = creator.threadsOnboardingCompleted;
  // Issue #13: full, capped for today or on vacation; the browse query says so, no request per card.
  const open = creator.isAvailable && !creator.pauseReason;
  const note = pauseNote(creator);
  // Admin setting require_creator_verification: when off, unverified creators can be messaged too.
  const { requireCreatorVerification } = usePlatformConfig();
  const signal = availabilitySignal({
    ...creator,
    open,
    note,
    canBeMessaged: onboarded || !requireCreatorVerification,
  });
  return (
    <article
      aria-label={name}
      className="relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-200 hover:shadow-md"
    >
      <CreatorCardHeader
        creator={creator}
        name={name}
        nameAs={headingLevel}
        align="items-start"
        nameLine={
          <>
            <Link
              to={href.creatorProfile(creator.username)}
              className="truncate rounded after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600"
            >
              {name}
            </Link>
            {creator.instagramVerified && <VerifiedBadge />}
          </>
        }
      >
        <p data-testid="availability" className="mt-1.5 flex items-center gap-1.5 text-xs font-medium">
          <span
            data-testid="availability-dot"
            aria-hidden="true"
            className={cn('h-2.5 w-2.5 shrink-0 rounded-full', signal.open ? 'bg-emerald-500' : 'bg-slate-400')}
          />
          <span className={signal.open ? 'text-emerald-700' : 'text-slate-600'}>{signal.label}</span>
        </p>
        {signal.note && <p className="mt-0.5 text-xs text-slate-500">{signal.note}</p>}
      </CreatorCardHeader>

      {creator.bio && <p className="mt-3 line-clamp-2 text-sm text-slate-600">{creator.bio}</p>}
      {creator.disciplines.length > 0 && (
        <ul aria-label="Categories" className="mt-3 flex flex-wrap gap-1.5">
          {creator.disciplines.slice(0, 3).map((category) => (
            <li key={category}>
              <Badge className="bg-slate-100 text-slate-700">{category}</Badge>
            </li>
          ))}
        </ul>
      )}

      <div className="mt-auto pt-4">
        <RatingSummary average={creator.averageRating} count={creator.reviewCount} className="text-sm" />
        <PriceRateStats
          messagePrice={creator.messagePrice}
          responseRate={displayResponseRate(creator.responseRate)}
          avgResponseSeconds={creator.avgResponseSeconds}
          className="mt-3"
        />
        {onboarded || !requireCreatorVerification ? (
          <Button
            className="relative z-10 mt-4 w-full"
            disabled={!open}
            aria-label={`Send Message to ${name}`}
            onClick={() => messageCreator(creator.username)}
          >
            <MessageCircle className="h-4 w-4" aria-hidden="true" />
            Send Message
          </Button>
        ) : (
          // spec §2: the 'Not Available Yet' variant for creators who have not finished onboarding.
          <Button variant="secondary" className="relative z-10 mt-4 w-full" disabled>
            Not Available Yet
          </Button>
        )}
      </div>
    </article>
  );
}

/**
 * Decision 0026: the card's one availability signal, answering what a fan asks first: can I message
 * them now, and are they here? 'Online now' (open and online), 'Available' (open), else why not.
 */
export function availabilitySignal(c: {
  canBeMessaged: boolean;
  isAvailable: boolean;
  open: boolean;
  isOnline?: boolean;
  note: string | null;
}): { label: string; open: boolean; note: string | null } {
  // spec §2: a creator who has not finished onboarding is 'Instagram Only' (and 'Not Available Yet').
  if (!c.canBeMessaged) return { label: 'Instagram Only', open: false, note: null };
  if (!c.isAvailable) return { label: 'Unavailable', open: false, note: null };
  if (!c.open) return { label: 'Currently unavailable', open: false, note: c.note };
  return { label: c.isOnline ? 'Online now' : 'Available', open: true, note: null };
}

export function CreatorCardSkeleton() {
  return (
    <CreatorCardSkeletonFrame badge>
      <Skeleton className="mt-6 h-10 w-full" />
      <Skeleton className="mt-4 h-10 w-full" />
    </CreatorCardSkeletonFrame>
  );
}
