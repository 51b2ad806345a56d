import {
  ADMIN_TRANSACTION_FILTERS,
  formatCents,
  MESSAGE_OUTCOME_LABELS,
  MESSAGE_OUTCOME_MEANINGS,
  messageOutcomeText,
  type TAdminTransactionRow,
  type TAdminTransactionsResponse,
  type TMessageOutcome,
} from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, BarChart3, CreditCard, DollarSign, Download, Eye, Percent, Receipt, Users } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { EmptyState, LoadErrorState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { adminTransactionQuery, adminTransactionsQuery, transactionsCsvUrl } from './api/admin';
import { ListBody, ListToolbar, Pager, useAdminList } from './components/admin-list';
import { StatCard } from './components/stat-card';

// Issue 36 §5: the payment's state in money words, and how its message ended in contracts' one
// vocabulary (a decline, a block's release, an expiry and a refund each their own filter and word).
const FILTER_LABELS = {
  all: 'All',
  succeeded: 'Succeeded',
  pending: 'Pending',
  failed: 'Failed',
  declined: MESSAGE_OUTCOME_LABELS.declined,
  released: MESSAGE_OUTCOME_LABELS.released,
  expired: MESSAGE_OUTCOME_LABELS.expired,
  refunded: MESSAGE_OUTCOME_LABELS.refunded,
} as const;
const STATUS: Record<TAdminTransactionRow['status'], { label: string; className: string }> = {
  succeeded: { label: 'Succeeded', className: 'bg-green-100 text-green-800' },
  authorized: { label: 'Pending (card held)', className: 'bg-amber-100 text-amber-800' },
  pending: { label: 'Pending (checkout)', className: 'bg-amber-50 text-amber-700' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-800' },
  canceled: { label: 'Hold let go, never charged', className: 'bg-slate-200 text-slate-700' },
  refunded: { label: 'Refunded to the fan', className: 'bg-slate-200 text-slate-700' },
};
const OUTCOME_LOOK: Record<TMessageOutcome, string> = {
  pending: 'bg-amber-100 text-amber-800',
  answered: 'bg-green-100 text-green-800',
  declined: 'bg-rose-100 text-rose-800',
  released: 'bg-slate-200 text-slate-700',
  expired: 'bg-slate-200 text-slate-700',
  refunded: 'bg-sky-100 text-sky-800',
  followup: 'bg-brand-100 text-brand-800',
};
const outcomeText = (row: TAdminTransactionRow) =>
  row.outcome ? messageOutcomeText(row.outcome, row.declineReason) : null;
const STEP_LABELS = {
  started: 'Checkout started',
  authorized: 'Authorized',
  captured: 'Captured',
  released: 'Hold let go',
  refunded: 'Refunded to the fan',
} as const;
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** spec §2 Admin Transactions: five figures from the ledger, search, filters, CSV export, View Details. */
export function Component() {
  const list = useAdminList<(typeof ADMIN_TRANSACTION_FILTERS)[number]>('all', ADMIN_TRANSACTION_FILTERS);
  const [viewing, setViewing] = useState<string | null>(null);
  const query = useQuery(adminTransactionsQuery(list.term, list.filter, list.page));

  return (
    <div className="space-y-6">
      <Figures stats={query.data?.stats} />

      <ListToolbar
        list={list}
        noun="transactions"
        placeholder="Search by sender, creator or payment ID..."
        filters={ADMIN_TRANSACTION_FILTERS}
        labels={FILTER_LABELS}
        extra={
          <Button asChild size="sm" variant="secondary">
            <a href={transactionsCsvUrl(list.term, list.filter)} download>
              <Download className="h-4 w-4" aria-hidden="true" />
              Export
            </a>
          </Button>
        }
        stackBelow="lg"
      />

      <ListBody
        query={query}
        rows={(data) => data.transactions}
        errorTitle="Transactions could not be loaded"
        empty={
          <EmptyState icon={Receipt} title="No transactions found">
            Try another search or filter.
          </EmptyState>
        }
        skeletonClassName="h-16"
      >
        {(row) => <TransactionRow key={row.id} row={row} onView={() => setViewing(row.id)} />}
      </ListBody>

      <Pager list={list} page={query.data} />

      <Dialog open={viewing !== null} onOpenChange={(open) => !open && setViewing(null)}>
        {viewing && (
          <DialogContent title="Transaction Details">
            <TransactionDetails paymentId={viewing} />
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}

function Figures({ stats }: { stats?: TAdminTransactionsResponse['stats'] }) {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
      <StatCard
        label="Total Revenue"
        icon={DollarSign}
        value={stats && formatCents(stats.totalRevenueCents)}
        note={stats?.growthPercent != null ? growthNote(stats.growthPercent) : undefined}
      />
      <StatCard
        label="Platform Fees"
        icon={Percent}
        value={stats && formatCents(stats.platformFeesCents)}
        note={stats && platformFeesNote(stats)}
      />
      <StatCard
        label="Creator Earnings"
        icon={Users}
        value={stats && formatCents(stats.creatorEarningsCents)}
        note={stats && `${stats.capturedCount.toLocaleString('en-US')} transactions`}
      />
      <StatCard
        label="Average Transaction"
        icon={BarChart3}
        value={stats && formatCents(stats.averageTransactionCents)}
      />
      <StatCard
        label="Transaction Volume"
        icon={CreditCard}
        value={stats?.transactionVolume.toLocaleString('en-US')}
        note="payments started"
      />
    </div>
  );
}

/** Platform Fees' note (spec §2: percent of total), and what the card processor kept of it when it kept anything. */
function platformFeesNote(stats: NonNullable<TAdminTransactionsResponse['stats']>) {
  const percent = `${stats.platformFeesPercent}% of total`;
  return stats.processingFeesCents > 0
    ? `${percent}, after ${formatCents(stats.processingFeesCents)} card fees`
    : percent;
}

/** The growth note beside Total Revenue (spec §2), computed from the ledger; hidden when last month had nothing. */
function growthNote(percent: number) {
  return `${percent > 0 ? '+' : ''}${percent.toLocaleString('en-US')}% from last month`;
}

function TransactionRow({ row, onView }: { row: TAdminTransactionRow; onView: () => void }) {
  const status = STATUS[row.status];
  return (
    <div className="flex flex-col gap-2 p-4 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="truncate">{row.sender.displayName ?? 'Unknown User'}</span>
          <ArrowRight className="h-4 w-4 text-slate-400" aria-label="to" />
          <span className="truncate">{row.recipient.displayName ?? 'Unknown Creator'}</span>
          {row.outcome && (
            <Badge className={OUTCOME_LOOK[row.outcome]} title={MESSAGE_OUTCOME_MEANINGS[row.outcome]}>
              {outcomeText(row)}
            </Badge>
          )}
          <Badge className={status.className}>{status.label}</Badge>
        </p>
        <p className="text-sm text-slate-500">
          {when(String(row.createdAt))} · fee {formatCents(row.platformFeeCents)} ({row.commissionPercent}%) · creator{' '}
          {formatCents(row.creatorCents)}
        </p>
      </div>
      <div className="flex items-center justify-between gap-3 md:justify-end">
        <span className="font-semibold text-slate-900">{formatCents(row.amountCents)}</span>
        <Button size="sm" variant="secondary" onClick={onView} aria-label={`View details of payment ${row.id}`}>
          <Eye className="h-4 w-4" aria-hidden="true" />
          View Details
        </Button>
      </div>
    </div>
  );
}

function TransactionDetails({ paymentId }: { paymentId: string }) {
  const query = useQuery(adminTransactionQuery(paymentId));
  if (query.isPending) return <Spinner label="Loading transaction" />;
  if (query.isLoadingError)
    return <LoadErrorState title="The transaction could not be loaded" onRetry={() => void query.refetch()} />;
  const { transaction: tx, steps, providerPaymentId, providerCheckoutId } = query.data;
  const rows: [string, string][] = [
    ['Payment ID', tx.id],
    ['Status', STATUS[tx.status].label],
    ['Message', outcomeText(tx) ?? '—'],
    ['From', `${tx.sender.displayName ?? 'Unknown User'} (@${tx.sender.username})`],
    ['To', `${tx.recipient.displayName ?? 'Unknown Creator'} (@${tx.recipient.username})`],
    ['Amount', formatCents(tx.amountCents)],
    [
      'Split',
      `${formatCents(tx.creatorCents)} creator · ${formatCents(tx.platformFeeCents)} platform (${tx.commissionPercent}%)`,
    ],
    ['Provider', tx.provider],
    ['Provider payment', providerPaymentId ?? '—'],
    ['Provider checkout', providerCheckoutId ?? '—'],
  ];
  return (
    <div className="space-y-4">
      <dl className="divide-y divide-slate-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-3 gap-2 py-2">
            <dt className="text-slate-500">{label}</dt>
            <dd className="col-span-2 text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="font-semibold text-slate-900">Timeline</h3>
        <ol className="mt-2 space-y-2 border-l border-slate-200 pl-4 text-sm">
          {steps.map((step) => (
            <li key={`${step.step}-${String(step.at)}`}>
              <span className="font-medium text-slate-900">{STEP_LABELS[step.step]}</span>{' '}
              <span className="text-slate-600">
                {formatCents(step.amountCents)} · {when(String(step.at))}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
