import type { TCreatorSummary } from '@fanline/contracts';
import { formatCents } from '@fanline/contracts';
import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Badge, Skeleton } from '../../../components/ui/card';
import { href } from '../../../paths';

export type TFeaturedCreator = Pick<
  TCreatorSummary,
  | 'username'
  | 'displayName'
  | 'bio'
  | 'avatarUrl'
  | 'instagramProfilePicture'
  | 'instagramVerified'
  | 'messagePrice'
  | 'responseRate'
>;

interface FeaturedCreatorCardProps {
  creator: TFeaturedCreator;
  /** Where the card leads; a creator's public profile unless it is a sample. */
  to?: string;
  /** Marks a hard-coded example so nobody mistakes it for a real, payable creator. */
  sample?: boolean;
}

/** The whole card is one link so it is a single, keyboard-focusable target. */
export function FeaturedCreatorCard({ creator, to, sample }: FeaturedCreatorCardProps) {
  const name = creator.displayName ?? creator.username;
  return (
    <Link
      to={to ?? href.creatorProfile(creator.username)}
      className="flex h-full w-64 flex-col rounded-2xl border border-slate-200 bg-white p-5 text-left shadow-sm transition hover:border-brand-200 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <div className="flex items-center gap-3">
        <span aria-hidden="true">
          <Avatar src={creator.avatarUrl ?? creator.instagramProfilePicture} name={name} size="lg" />
        </span>
        <div className="min-w-0">
          <p className="flex items-center gap-1 font-semibold text-slate-900">
            <span className="truncate">{name}</span>
            {creator.instagramVerified && (
              <>
                <BadgeCheck className="h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
                <span className="sr-only">Verified</span>
              </>
            )}
          </p>
          <p className="truncate text-sm text-slate-500">@{creator.username}</p>
          {sample && <Badge className="mt-1 bg-amber-100 text-amber-800">Sample</Badge>}
        </div>
      </div>
      {creator.bio && <p className="mt-3 mb-4 line-clamp-2 text-sm text-slate-600">{creator.bio}</p>}
      <dl className="mt-auto grid grid-cols-2 gap-2 border-t border-slate-100 pt-3 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Message price</dt>
          <dd className="font-semibold text-slate-900">{formatCents(creator.messagePrice)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Response rate</dt>
          <dd className="font-semibold text-emerald-700">{Math.round(creator.responseRate)}%</dd>
        </div>
      </dl>
    </Link>
  );
}

export function FeaturedCreatorCardSkeleton() {
  return (
    <div className="w-64 shrink-0 rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex items-center gap-3">
        <span className="h-16 w-16 shrink-0 overflow-hidden rounded-full">
          <Skeleton className="h-full w-full" />
        </span>
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      </div>
      <Skeleton className="mt-4 h-3 w-full" />
      <Skeleton className="mt-2 h-3 w-5/6" />
      <Skeleton className="mt-5 h-8 w-full" />
    </div>
  );
}
