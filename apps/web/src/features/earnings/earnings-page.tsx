import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, RefreshCw } from 'lucide-react';
import { Suspense } from 'react';
import {
  EARNINGS_REFRESH_MS,
  earningsKeys,
  earningsSummaryQuery,
  payoutsQuery,
} from '../../components/payouts/payouts-api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { lazyPart } from '../../lib/lazy-part';
import { AvailableCard, EarningsCards } from './components/earnings-cards';
import { PayoutHistory } from './components/payout-history';
import { RecentTransactions } from './components/recent-transactions';

// Decision 0026: Recharts is most of this route's JS; the cards and the payout button do not wait for it.
const EarningsChart = lazyPart(() => import('./components/earnings-chart').then((m) => ({ default: m.EarningsChart })));

/** spec §2 /dashboard/earnings: figures over the ledger, refreshed every 30 s (spec §9). */
export function Component() {
  const queryClient = useQueryClient();
  const summary = useQuery({ ...earningsSummaryQuery(), refetchInterval: EARNINGS_REFRESH_MS });
  const payouts = useQuery({ ...payoutsQuery(), refetchInterval: EARNINGS_REFRESH_MS });
  const refreshing = summary.isFetching || payouts.isFetching;

  return (
    <section aria-labelledby="earnings-title" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="earnings-title" className="text-2xl font-bold sm:text-3xl">
            Earnings
          </h1>
          <p className="mt-1 text-slate-600">
            What your answers have earned{summary.data ? ` (days in ${summary.data.timeZone.replace(/_/g, ' ')})` : ''}.
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            onClick={() => void queryClient.invalidateQueries({ queryKey: earningsKeys.all })}
            disabled={refreshing}
          >
            <RefreshCw className={refreshing ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
            Refresh
          </Button>
          <Button asChild variant="secondary">
            <a href="/api/creator/earnings/export.csv" download>
              <Download className="h-4 w-4" aria-hidden="true" />
              Export
            </a>
          </Button>
        </div>
      </div>

      {summary.isLoadingError ? (
        <Card role="alert" className="p-6 text-center">
          <p className="font-semibold">Could not load your earnings</p>
          <p className="mt-1 text-sm text-slate-600">Please try again in a moment.</p>
          <Button className="mt-4" variant="secondary" onClick={() => void summary.refetch()}>
            Retry
          </Button>
        </Card>
      ) : !summary.data ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : (
        <>
          <EarningsCards summary={summary.data} />
          <AvailableCard summary={summary.data} />
          <Suspense fallback={<Skeleton className="h-72" />}>
            <EarningsChart daily={summary.data.daily} />
          </Suspense>
          <div className="grid min-w-0 gap-6 lg:grid-cols-2">
            <RecentTransactions items={summary.data.recent} />
            <PayoutHistory query={payouts} />
          </div>
        </>
      )}
    </section>
  );
}
