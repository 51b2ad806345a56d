import type { TPublicProfile } from '@fanline/contracts';
import { AtSign } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { formatMonth } from '../../../lib/format-date';

export function AboutTab({ profile }: { profile: TPublicProfile }) {
  const name = profile.displayName || profile.username;
  return (
    <Card className="space-y-6 p-5 sm:p-6">
      <section aria-labelledby="about-bio">
        <h2 id="about-bio" className="font-semibold text-slate-900">
          About {name}
        </h2>
        <p className="mt-2 whitespace-pre-line break-words text-slate-700">
          {profile.bio || `${name} has not written a bio yet.`}
        </p>
      </section>
      {profile.instagramBio && (
        <section aria-labelledby="about-instagram">
          <h2 id="about-instagram" className="flex items-center gap-2 font-semibold text-slate-900">
            <AtSign className="h-4 w-4 text-pink-600" aria-hidden="true" />
            Instagram bio
          </h2>
          <p className="mt-2 whitespace-pre-line break-words text-slate-700">{profile.instagramBio}</p>
          {profile.instagramUsername && (
            <p className="mt-1 text-sm text-slate-500">@{profile.instagramUsername} on Instagram</p>
          )}
        </section>
      )}
      <p className="border-t border-slate-100 pt-4 text-sm text-slate-500">
        On Fanline since {formatMonth(profile.createdAt)}
      </p>
    </Card>
  );
}
