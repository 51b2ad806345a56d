import { formatCents, formatCount, type TPublicProfile } from '@fanline/contracts';
import { BadgeCheck, Pencil, Users } from 'lucide-react';
import { Link } from 'react-router';
import { displayResponseRate } from '../../../components/creators/creator-display';
import { pauseNote } from '../../../components/creators/pause-note';
import { RatingSummary } from '../../../components/creators/rating-summary';
import { VerifiedBadge } from '../../../components/creators/verified-badge';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { RelativeTime } from '../../../components/ui/relative-time';
import { cn } from '../../../lib/cn';
import { paths } from '../../../paths';

interface ProfileHeaderProps {
  profile: TPublicProfile;
  /** The signed-in creator looking at their own page: Edit Profile instead of buying (spec §2). */
  isOwn: boolean;
}

/** spec §2 public profile header: who, their reach and categories, and what a message costs. */
export function ProfileHeader({ profile, isOwn }: ProfileHeaderProps) {
  const name = profile.displayName || profile.username;
  return (
    <Card className="overflow-hidden">
      <div
        className="h-28 bg-gradient-to-r from-brand-600 via-brand-500 to-fuchsia-500 bg-cover bg-center sm:h-36"
        style={profile.coverUrl ? { backgroundImage: `url(${JSON.stringify(profile.coverUrl)})` } : undefined}
      />
      <div className="px-5 pb-6 sm:px-8">
        <div className="-mt-12 flex flex-wrap items-end justify-between gap-4">
          <span className="relative rounded-full bg-white p-1 shadow-sm">
            {/* Issue 36 §16: no unlabelled dot on the avatar (it meant "available", and read as "online"):
                availability, presence and verification each have one labelled line below. */}
            <Avatar src={profile.avatarUrl} name={name} size="xl" />
          </span>
          {isOwn && (
            <Button asChild variant="secondary">
              <Link to={paths.profile}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
                Edit Profile
              </Link>
            </Button>
          )}
        </div>

        <h1 className="mt-3 flex items-center gap-2 text-2xl font-bold text-slate-900 sm:text-3xl">
          <span className="break-words">{name}</span>
          {profile.instagramVerified && <VerifiedBadge className="[&_svg]:h-6 [&_svg]:w-6" />}
        </h1>
        <p className="text-slate-500">@{profile.username}</p>

        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span
            className={cn(
              'font-medium',
              profile.isAvailable && !profile.pauseReason ? 'text-emerald-700' : 'text-slate-500',
            )}
          >
            {!profile.isAvailable
              ? 'Currently Unavailable'
              : profile.pauseReason
                ? `Currently unavailable · ${pauseNote(profile)}`
                : 'Available for messages'}
          </span>
          {profile.isOnline ? (
            <span className="inline-flex items-center gap-1.5 font-medium text-emerald-700">
              <span aria-hidden="true" className="h-2 w-2 rounded-full bg-emerald-500" />
              Online
            </span>
          ) : (
            profile.lastActiveAt && (
              <span className="text-slate-600">
                Last active <RelativeTime iso={profile.lastActiveAt} />
              </span>
            )
          )}
          {profile.instagramFollowerCount != null && (
            <span className="inline-flex items-center gap-1 text-slate-600">
              <Users className="h-4 w-4" aria-hidden="true" />
              <span className="font-semibold text-slate-900">{formatCount(profile.instagramFollowerCount)}</span>{' '}
              followers
            </span>
          )}
          {profile.threadsOnboardingCompleted ? (
            // Threads onboarding done: said as what it is, not "Active" beside "Last active" (issue 36 §16).
            <Badge className="inline-flex items-center gap-1 bg-emerald-50 text-emerald-700">
              <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
              Verified on Threads
            </Badge>
          ) : (
            <Badge className="bg-amber-50 text-amber-800">Instagram Only</Badge>
          )}
        </div>

        {profile.disciplines.length > 0 && (
          <ul aria-label="Categories" className="mt-4 flex flex-wrap gap-2">
            {profile.disciplines.map((category) => (
              <li key={category}>
                <Badge className="bg-brand-50 text-brand-900">{category}</Badge>
              </li>
            ))}
          </ul>
        )}

        <dl className="mt-6 grid grid-cols-3 gap-3 border-t border-slate-100 pt-5 text-sm">
          <div>
            <dt className="text-xs text-slate-500">Message Price</dt>
            <dd className="text-lg font-semibold text-slate-900">{formatCents(profile.messagePrice)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Response Rate</dt>
            <dd className="text-lg font-semibold text-emerald-700">{displayResponseRate(profile.responseRate)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Rating</dt>
            <dd>
              <RatingSummary
                average={profile.averageRating}
                count={profile.reviewCount}
                className="text-sm sm:text-base"
              />
            </dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}
