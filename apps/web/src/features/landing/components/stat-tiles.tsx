import { BadgeCheck, Clock, Users } from 'lucide-react';

// spec §2/§9: static placeholder figures on purpose; they are marketing copy, not live data.
const STATS = [
  { value: '127', label: 'Creators online now', icon: Users },
  { value: '2,500+', label: 'Verified creators', icon: BadgeCheck },
  { value: '2hrs', label: 'Avg response', icon: Clock },
];

export function StatTiles() {
  return (
    <dl className="mt-12 grid grid-cols-3 gap-2 sm:gap-4">
      {STATS.map(({ value, label, icon: Icon }) => (
        <div
          key={label}
          className="flex flex-col items-center gap-1 rounded-2xl border border-slate-200 bg-white px-2 py-4 shadow-sm sm:px-4 sm:py-5"
        >
          <dt className="text-xs text-slate-600 sm:text-sm">{label}</dt>
          <dd className="order-first flex flex-col items-center gap-1 text-2xl font-bold text-slate-900 sm:flex-row sm:gap-2 sm:text-3xl">
            <Icon className="h-5 w-5 text-brand-600 sm:h-6 sm:w-6" aria-hidden="true" />
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
