import type { TCreatorSummary } from '@fanline/contracts';
import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { href } from '../../paths';
import { Skeleton } from '../ui/skeleton';
import { CreatorCardHeader, CreatorCardSkeletonFrame, PriceRateStats } from './creator-card-parts';
import { displayResponseRate } from './creator-display';

export type TFeaturedCreator = Pick<
  TCreatorSummary,
  'username' | 'displayName' | 'bio' | 'avatarUrl' | 'instagramVerified' | 'messagePrice' | 'responseRate'
> &
  Partial<Pick<TCreatorSummary, 'avgResponseSeconds'>>;

interface FeaturedCreatorCardProps {
  creator: TFeaturedCreator;
  /** Where the card leads; the creator's public profile unless given. */
  to?: string;
}

/** The whole card is one link so it is a single, keyboard-focusable target. */
export function FeaturedCreatorCard({ creator, to }: FeaturedCreatorCardProps) {
  const name = creator.displayName ?? creator.username;
  return (
    <Link
      to={to ?? href.creatorProfile(creator.username)}
      className="flex h-full w-64 flex-col rounded-2xl border border-slate-200 bg-white p-5 text-left shadow-sm transition hover:border-brand-200 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <CreatorCardHeader
        creator={creator}
        name={name}
        nameAs="p"
        align="items-center"
        nameLine={
          <>
            <span className="truncate">{name}</span>
            {creator.instagramVerified && (
              <>
                <BadgeCheck className="h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
                <span className="sr-only">Verified</span>
              </>
            )}
          </>
        }
      />
      {creator.bio && <p className="mt-3 mb-4 line-clamp-2 text-sm text-slate-600">{creator.bio}</p>}
      <PriceRateStats
        messagePrice={creator.messagePrice}
        responseRate={displayResponseRate(creator.responseRate)}
        avgResponseSeconds={creator.avgResponseSeconds}
        labels={['Message price', 'Response rate', 'Avg response']}
        className="mt-auto"
      />
    </Link>
  );
}

export function FeaturedCreatorCardSkeleton() {
  return (
    <CreatorCardSkeletonFrame className="w-64 shrink-0">
      <Skeleton className="mt-5 h-8 w-full" />
    </CreatorCardSkeletonFrame>
  );
}
