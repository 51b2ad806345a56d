import { formatCents } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { DollarSign, Inbox, TrendingUp } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { creatorStatsQuery } from '../api/dashboard';

/**
 * spec §2 /dashboard/messages cards: Pending Messages, Response Rate, Today's Earnings. The spec's
 * 98% before any settled message was an invented figure (issue 36 §2): the API answers null then,
 * and the card says "No replies yet", as the Avg Response Time tile beside it does.
 */
const NO_RATE_YET = 'No replies yet';

export function StatCards() {
  const query = useQuery(creatorStatsQuery());
  const stats = query.data;
  const cards: Array<{ label: string; value: string | undefined; icon: LucideIcon; tone: string }> = [
    {
      label: 'Pending Messages',
      value: stats && String(stats.pendingMessages),
      icon: Inbox,
      tone: 'bg-amber-100 text-amber-700',
    },
    {
      label: 'Response Rate',
      value: stats && (stats.responseRate === null ? NO_RATE_YET : `${Math.round(stats.responseRate)}%`),
      icon: TrendingUp,
      tone: 'bg-emerald-100 text-emerald-700',
    },
    {
      label: "Today's Earnings",
      value: stats && formatCents(stats.todaysEarningsCents),
      icon: DollarSign,
      tone: 'bg-brand-100 text-brand-700',
    },
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
      {cards.map(({ label, value, icon: Icon, tone }) => (
        <Card key={label} role="group" aria-label={label} className="flex items-center gap-4 p-4 sm:p-5">
          <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-xl ${tone}`}>
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="text-sm text-slate-600">{label}</p>
            {value === undefined ? (
              query.isError ? (
                <p className="text-2xl font-bold text-slate-400">—</p>
              ) : (
                <Skeleton className="mt-1 h-7 w-16" />
              )
            ) : (
              <p
                data-testid="stat-value"
                className={
                  value === NO_RATE_YET
                    ? 'mt-1 text-base font-semibold text-slate-500'
                    : 'text-2xl font-bold text-slate-900 tabular-nums'
                }
              >
                {value}
              </p>
            )}
          </div>
        </Card>
      ))}
    </div>
  );
}
