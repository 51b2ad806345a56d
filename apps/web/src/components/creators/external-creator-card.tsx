import { formatCount, type TExternalCreator } from '@fanline/contracts';
import { BadgeCheck, Lock, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import { href } from '../../paths';
import { Avatar } from '../ui/avatar';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';

/** The creator sign-up link an invite shares. */
export function inviteLink(): string {
  return `${window.location.origin}${href.signup('creator')}`;
}

async function copyInvite(username: string) {
  const link = inviteLink();
  try {
    await navigator.clipboard.writeText(link);
    toast.success('Invite link copied', { description: `Send it to @${username}: ${link}` });
  } catch {
    // No clipboard (permissions, insecure origin): show the link so it can be copied by hand.
    toast.info('Copy this invite link', { description: link });
  }
}

/**
 * spec §2: an off-platform result, 'Not on Fanline'. The spec's Invite to Platform button did nothing;
 * here it copies a creator sign-up link to share.
 */
export function ExternalCreatorCard({ creator }: { creator: TExternalCreator }) {
  const name = creator.full_name || creator.username;
  return (
    <article
      aria-label={name}
      className="flex h-full flex-col rounded-2xl border border-dashed border-slate-300 bg-slate-50/60 p-5"
    >
      <div className="flex items-start gap-3">
        <span aria-hidden="true">
          {/* Decision 0048: no picture from another origin (Instagram's CDN would see our visitors). */}
          <Avatar name={name} size="lg" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="flex items-center gap-1 font-semibold text-slate-900">
            <span className="truncate">{name}</span>
            {creator.is_verified && (
              <span className="inline-flex shrink-0 text-sky-600" title="Verified on Instagram">
                <BadgeCheck className="h-4 w-4" aria-hidden="true" />
                <span className="sr-only">Verified on Instagram</span>
              </span>
            )}
          </h3>
          <p className="truncate text-sm text-slate-500">@{creator.username}</p>
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            <Badge className="bg-slate-200 text-slate-700">Not on Fanline</Badge>
            {creator.is_private && (
              <Badge className="bg-white text-slate-600 ring-1 ring-slate-200">
                <Lock className="h-3 w-3" aria-hidden="true" />
                Private
              </Badge>
            )}
          </div>
        </div>
      </div>
      {creator.biography && <p className="mt-3 line-clamp-2 text-sm text-slate-600">{creator.biography}</p>}
      <div className="mt-auto pt-4">
        {creator.follower_count != null && (
          <p className="text-sm text-slate-600">
            <span className="font-semibold text-slate-900">{formatCount(creator.follower_count)}</span> followers on
            Instagram
          </p>
        )}
        <Button variant="secondary" className="mt-4 w-full" onClick={() => void copyInvite(creator.username)}>
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          Invite to Platform
        </Button>
      </div>
    </article>
  );
}
