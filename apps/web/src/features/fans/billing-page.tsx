import { formatCents, type TBillingTransaction } from '@fanline/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { AlertTriangle, ChevronDown, Download, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { RequireAuth } from '../../components/auth/require-auth';
import { SummaryCards } from '../../components/billing/summary-cards';
import { BackLink } from '../../components/messaging/conversation-parts';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format-date';
import { href, paths } from '../../paths';
import { BILLING_CSV_URL, billingSummaryQuery, billingTransactionsQuery, responseWindowQuery } from './api/fans';
import { BillingStatusBadge, MONEY_WORDS } from './components/billing-status-badge';
import { PaymentTimeline } from './components/payment-timeline';

/** spec §2 /billing: back link, summary cards, transaction history with timelines, CSV export. */
export function Component() {
  return (
    <RequireAuth>
      <title>Billing · Fanline</title>
      <Billing />
    </RequireAuth>
  );
}

function Billing() {
  const summary = useQuery(billingSummaryQuery());
  const list = useInfiniteQuery(billingTransactionsQuery());
  const windowHours = useQuery(responseWindowQuery()).data;
  const transactions = list.data?.pages.flatMap((page) => page.transactions) ?? [];

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <BackLink to={paths.senderDashboard}>Back to dashboard</BackLink>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Billing</h1>
          <p className="mt-1 text-slate-600">
            Your card is charged only when a creator replies
            {windowHours ? ` within ${windowHours} hours` : ' in time'}. Otherwise the money comes back to you.
          </p>
        </div>
        {transactions.length > 0 && (
          <Button asChild variant="secondary">
            <a href={BILLING_CSV_URL} download>
              <Download className="h-4 w-4" aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        )}
      </div>

      <div className="mt-6">
        <SummaryCards summary={summary.data} />
      </div>

      <Card className="mt-6 overflow-hidden">
        <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">Transaction history</h2>
        {list.isPending ? (
          <div role="status" aria-label="Loading transactions" className="space-y-3 p-4">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : list.isLoadingError ? (
          <EmptyState
            icon={AlertTriangle}
            tone="error"
            role="alert"
            title="Failed to load your transactions"
            action={<Button onClick={() => void list.refetch()}>Try Again</Button>}
          >
            Please try again in a moment.
          </EmptyState>
        ) : transactions.length === 0 ? (
          <EmptyState
            icon={Receipt}
            title="No transactions yet"
            action={
              <Button asChild>
                <Link to={paths.search}>Find Creators</Link>
              </Button>
            }
          >
            When you message a creator, the payment shows up here.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {transactions.map((t) => (
              <TransactionRow key={t.paymentId} transaction={t} windowHours={windowHours} />
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <div className="border-t border-slate-200 p-4 text-center">
            <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          </div>
        )}
      </Card>
    </section>
  );
}

function TransactionRow({
  transaction: t,
  windowHours,
}: {
  transaction: TBillingTransaction;
  windowHours: number | undefined;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = `payment-${t.paymentId}`;
  return (
    <li data-testid="transaction" className="px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 sm:flex-nowrap">
        <div className="min-w-0 flex-1 basis-full sm:basis-auto">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">{t.creator.displayName ?? t.creator.username}</span>
            <BillingStatusBadge outcome={t.outcome} declineReason={t.declineReason} />
          </div>
          <p className="mt-0.5 truncate text-sm text-slate-600" title={t.preview}>
            {t.preview}
          </p>
          <p className="mt-0.5 text-xs text-slate-500">
            <time dateTime={t.createdAt}>{formatDate(t.createdAt)}</time> ·{' '}
            <Link to={href.message(t.messageId)} className="font-medium text-brand-700 hover:underline">
              View conversation
            </Link>
          </p>
        </div>
        <span className="text-right">
          <span className="block font-semibold text-slate-900 tabular-nums">{formatCents(t.amountCents)}</span>
          <span className="block text-xs text-slate-500">{MONEY_WORDS[t.status]}</span>
        </span>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
        >
          Details
          <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </Button>
      </div>
      {open && (
        <div id={detailsId} className="mt-3 rounded-xl border border-slate-200 p-4">
          <PaymentTimeline paymentId={t.paymentId} windowHours={windowHours} />
        </div>
      )}
    </li>
  );
}
