import {
  ADMIN_MESSAGE_FILTERS,
  formatCents,
  MESSAGE_OUTCOME_LABELS,
  MESSAGE_OUTCOME_MEANINGS,
  messageOutcomeText,
  type TAdminMessageRow,
  type TMessageOutcome,
} from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlarmClock, ArrowRight, CheckCircle, Clock, MessageSquare, RotateCcw, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Countdown } from '../../components/ui/countdown';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { adminKeys, adminMessagesQuery, refundMessage } from './api/admin';
import { ListBody, ListToolbar, Pager, useAdminList } from './components/admin-list';
import { RefundAnsweredAction } from './components/refund-answered-dialog';
import { StatCard } from './components/stat-card';

// Issue 36 §5: the contracts' one vocabulary, so a decline is never called "Expired" here.
const FILTER_LABELS = {
  all: 'All',
  pending: MESSAGE_OUTCOME_LABELS.pending,
  responded: MESSAGE_OUTCOME_LABELS.answered,
  declined: MESSAGE_OUTCOME_LABELS.declined,
  released: MESSAGE_OUTCOME_LABELS.released,
  expired: MESSAGE_OUTCOME_LABELS.expired,
} as const;
const OUTCOME_LOOK: Record<TMessageOutcome, string> = {
  pending: 'bg-amber-100 text-amber-800',
  answered: 'bg-green-100 text-green-800',
  declined: 'bg-rose-100 text-rose-800',
  released: 'bg-slate-200 text-slate-700',
  expired: 'bg-slate-200 text-slate-700',
  refunded: 'bg-sky-100 text-sky-800',
  followup: 'bg-brand-100 text-brand-800',
};
/** The payment in words, not the provider's status ("canceled" was a hold let go, never a charge). */
const MONEY: Record<string, string> = {
  pending: 'Awaiting payment',
  authorized: 'Card held',
  succeeded: 'Charged',
  canceled: 'Hold released, never charged',
  refunded: 'Refunded to the fan',
  failed: 'Payment failed',
};

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const name = (p: TAdminMessageRow['sender'], fallback: string) => p.displayName ?? fallback;

function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  return `${hours}h ${minutes % 60}m`;
}

/**
 * spec §2 Admin Messages: stats, search, filters, rows, at-risk list and the stuck-payment refund; an
 * answered paid message offers "Refund fan", the ruling that takes the creator's earning back (decision 0055).
 */
export function Component() {
  const queryClient = useQueryClient();
  const list = useAdminList<(typeof ADMIN_MESSAGE_FILTERS)[number]>('all', ADMIN_MESSAGE_FILTERS);
  const [confirming, setConfirming] = useState<TAdminMessageRow | null>(null);
  const query = useQuery(adminMessagesQuery(list.term, list.filter, list.page));

  const refund = useMutation({
    mutationFn: refundMessage,
    onSuccess: (result) => {
      toast.success('Refund done', {
        description:
          result.outcome === 'already'
            ? 'Nothing was left to refund: the money had already gone back to the fan.'
            : 'The message expired and the fan’s money went back to them.',
      });
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => toast.error('Refund failed', { description: error.message }),
  });

  const stats = query.data?.stats;
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Total Messages" icon={MessageSquare} value={stats?.total.toLocaleString('en-US')} />
        <StatCard label="Response Rate" icon={TrendingUp} value={stats && `${stats.responseRatePercent}%`} />
        <StatCard label="Pending" icon={Clock} value={stats?.pending.toLocaleString('en-US')} />
        <StatCard
          label="Avg Response"
          icon={CheckCircle}
          value={stats && (stats.avgResponseSeconds === null ? '—' : formatDuration(stats.avgResponseSeconds))}
        />
      </div>

      {query.data && query.data.atRisk.length > 0 && (
        <Card className="p-4">
          <h2 className="flex items-center gap-2 font-semibold text-slate-900">
            <AlarmClock className="h-5 w-5 text-amber-600" aria-hidden="true" />
            At risk: least time left
          </h2>
          <ul className="mt-3 divide-y divide-slate-100">
            {query.data.atRisk.map((row) => (
              <li
                key={row.id}
                className="flex flex-col gap-2 py-2 text-sm md:flex-row md:items-center md:justify-between"
              >
                <span className="min-w-0 truncate">
                  {name(row.sender, 'Unknown User')} → {name(row.recipient, 'Unknown Creator')} ·{' '}
                  {formatCents(row.amountCents)}
                </span>
                <span className="flex items-center gap-3">
                  {row.expiresAt && (
                    <Countdown until={String(row.expiresAt)} format="remaining" className="text-amber-700" />
                  )}
                  <Button size="sm" variant="secondary" onClick={() => setConfirming(row)}>
                    <RotateCcw className="h-4 w-4" aria-hidden="true" />
                    Refund
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}

      <ListToolbar
        list={list}
        noun="messages"
        placeholder="Search by sender, recipient or content..."
        filters={ADMIN_MESSAGE_FILTERS}
        labels={FILTER_LABELS}
      />

      <ListBody
        query={query}
        rows={(data) => data.messages}
        errorTitle="Messages could not be loaded"
        empty={<EmptyState icon={MessageSquare} title="No messages found matching your criteria." />}
        skeletonClassName="h-24"
      >
        {(row) => <MessageRow key={row.id} row={row} onRefund={() => setConfirming(row)} />}
      </ListBody>

      <Pager list={list} page={query.data} />

      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        {confirming && (
          <DialogContent title="Refund this payment?">
            <p className="text-sm text-slate-700">
              {confirming.status === 'sent'
                ? `The message from ${name(confirming.sender, 'Unknown User')} to ${name(confirming.recipient, 'Unknown Creator')} expires now, exactly as if its window had run out: the fan is told and their ${formatCents(confirming.amountCents)} goes back to them. The creator can no longer answer it.`
                : `This message already expired but the fan’s ${formatCents(confirming.amountCents)} was not yet let go. Try again now.`}
            </p>
            <div className="mt-6 flex justify-end gap-2">
              <DialogClose asChild>
                <Button variant="secondary">Cancel</Button>
              </DialogClose>
              <Button disabled={refund.isPending} onClick={() => refund.mutate(confirming.id)}>
                {refund.isPending ? 'Refunding…' : 'Refund to fan'}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}

function MessageRow({ row, onRefund }: { row: TAdminMessageRow; onRefund: () => void }) {
  // A free follow-up stays 'sent' for good but awaits no answer: its outcome is Follow-up, never Pending.
  const status = {
    label: messageOutcomeText(row.outcome, row.declineReason),
    className: OUTCOME_LOOK[row.outcome],
    meaning: MESSAGE_OUTCOME_MEANINGS[row.outcome],
  };
  return (
    <article className="space-y-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex min-w-0 flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="truncate">{name(row.sender, 'Unknown User')}</span>
          <ArrowRight className="h-4 w-4 text-slate-400" aria-label="to" />
          <span className="truncate">{name(row.recipient, 'Unknown Creator')}</span>
          <Badge className={status.className} title={status.meaning}>
            {status.label}
          </Badge>
        </p>
        <span className="font-semibold text-slate-900">{formatCents(row.amountCents)}</span>
      </div>
      <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{row.content || 'No message available'}</p>
      {row.response && (
        <p className="rounded-md bg-slate-50 p-2 text-sm text-slate-700 [overflow-wrap:anywhere]">
          <span className="font-medium">Response: </span>
          {row.response}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
        <span className="flex flex-wrap gap-x-3">
          <span>Sent {when(String(row.createdAt))}</span>
          {row.respondedAt && <span>Responded {when(String(row.respondedAt))}</span>}
          {row.status === 'sent' && row.expiresAt && (
            <Countdown until={String(row.expiresAt)} format="remaining" className="text-amber-700" />
          )}
          {row.paymentStatus && <span>{MONEY[row.paymentStatus] ?? `Payment ${row.paymentStatus}`}</span>}
        </span>
        {row.refundable && (
          <Button size="sm" variant="secondary" onClick={onRefund} aria-label="Refund to fan">
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
            Refund
          </Button>
        )}
        {row.refundableAfterAnswer && <RefundAnsweredAction row={row} />}
      </div>
    </article>
  );
}
