import { formatInteger } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Clock, Users } from 'lucide-react';
import { landingFiguresQuery } from '../api/landing-figures';

/**
 * spec §2 hero tiles, with live figures (issue 25 §2, decision 0023): creators online now and verified
 * creators are counted from the database, and the spec's "2hrs / Avg response" became the share of paid
 * messages answered in time. A figure that is 0 or unknown is not shown; with none, no tiles at all.
 */
export function StatTiles() {
  const { data } = useQuery(landingFiguresQuery());
  if (!data) return null;
  const tiles = [
    {
      value: data.creatorsOnline,
      text: formatInteger(data.creatorsOnline),
      label: 'Creators online now',
      icon: Users,
    },
    {
      value: data.verifiedCreators,
      text: formatInteger(data.verifiedCreators),
      label: 'Verified creators',
      icon: BadgeCheck,
    },
    {
      value: data.answeredInTimePercent ?? 0,
      text: `${data.answeredInTimePercent}%`,
      label: 'Answered in time',
      icon: Clock,
    },
  ].filter((tile) => tile.value > 0);
  if (tiles.length === 0) return null;
  return (
    <dl
      className={`mx-auto mt-12 grid gap-2 sm:gap-4 ${tiles.length === 3 ? 'grid-cols-3' : tiles.length === 2 ? 'max-w-2xl grid-cols-2' : 'max-w-xs grid-cols-1'}`}
    >
      {tiles.map(({ text, label, icon: Icon }) => (
        <div
          key={label}
          className="flex flex-col items-center gap-1 rounded-2xl border border-slate-200 bg-white px-2 py-4 shadow-sm sm:px-4 sm:py-5"
        >
          <dt className="text-xs text-slate-600 sm:text-sm">{label}</dt>
          <dd className="order-first flex flex-col items-center gap-1 text-2xl font-bold text-slate-900 sm:flex-row sm:gap-2 sm:text-3xl">
            <Icon className="h-5 w-5 text-brand-600 sm:h-6 sm:w-6" aria-hidden="true" />
            {text}
          </dd>
        </div>
      ))}
    </dl>
  );
}
