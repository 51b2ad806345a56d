import { LIMITS, MODERATION_FILTERS, NOT_AN_ANSWER_KIND, type TModerationItem } from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle, Clock, Eye, Flag, Gavel, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { adminKeys, adminModerationQuery, reviewReport } from './api/admin';
import { ListBody, ListToolbar, Pager, useAdminList } from './components/admin-list';
import { StatCard } from './components/stat-card';

/** Issue #13: a "not an answer" flag is a report of its own kind; its ruling moves money. */
const typeLabel = (contentType: string) =>
  contentType === NOT_AN_ANSWER_KIND ? 'Not an answer (flagged reply)' : contentType === 'reply' ? 'Reply' : 'Message';

const FILTER_LABELS = { all: 'All', pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } as const;
const STATUS = {
  pending: { label: 'Pending', className: 'bg-amber-100 text-amber-800' },
  approved: { label: 'Approved', className: 'bg-green-100 text-green-800' },
  rejected: { label: 'Rejected', className: 'bg-slate-200 text-slate-700' },
} as const;
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const who = (p: TModerationItem['reporter'], fallback: string) =>
  p ? `${p.displayName ?? fallback} (@${p.username})` : fallback;

/** spec §2 Admin Moderation: stats, search, filters, Review for pending items, View Details for the rest. */
export function Component() {
  const queryClient = useQueryClient();
  const list = useAdminList<(typeof MODERATION_FILTERS)[number]>('all', MODERATION_FILTERS);
  const [open, setOpen] = useState<TModerationItem | null>(null);
  const query = useQuery(adminModerationQuery(list.term, list.filter, list.page));
  const stats = query.data?.stats;

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Total Reports" icon={Flag} value={stats?.total.toLocaleString('en-US')} />
        <StatCard label="Pending Review" icon={Clock} value={stats?.pending.toLocaleString('en-US')} />
        <StatCard label="Approved" icon={CheckCircle} value={stats?.approved.toLocaleString('en-US')} />
        <StatCard label="Rejected" icon={XCircle} value={stats?.rejected.toLocaleString('en-US')} />
      </div>

      <ListToolbar
        list={list}
        noun="reports"
        placeholder="Search by reason, content or user..."
        filters={MODERATION_FILTERS}
        labels={FILTER_LABELS}
      />

      <ListBody
        query={query}
        rows={(data) => data.items}
        errorTitle="Reports could not be loaded"
        empty={<EmptyState icon={Flag} title="No moderation items found matching your criteria." />}
        skeletons={4}
        skeletonClassName="h-24"
      >
        {(item) => (
          <article key={item.id} className="flex flex-col gap-3 p-4 md:flex-row md:items-start md:justify-between">
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                <span>
                  {typeLabel(item.contentType)} by {who(item.reportedUser, 'Unknown User')}
                </span>
                <Badge className={STATUS[item.status].className}>{STATUS[item.status].label}</Badge>
              </p>
              <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{item.preview}</p>
              <p className="text-sm text-slate-600">
                <span className="font-medium">Reason:</span> {item.reason}
              </p>
              <p className="text-xs text-slate-500">
                Reported by {item.reporter ? who(item.reporter, 'Unknown User') : 'auto moderation'} ·{' '}
                {when(String(item.createdAt))}
              </p>
            </div>
            <Button
              size="sm"
              variant={item.status === 'pending' ? 'primary' : 'secondary'}
              onClick={() => setOpen(item)}
              aria-label={`${item.status === 'pending' ? 'Review' : 'View Details of'} report ${item.id.slice(0, 8)}`}
            >
              {item.status === 'pending' ? (
                <Gavel className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Eye className="h-4 w-4" aria-hidden="true" />
              )}
              {item.status === 'pending' ? 'Review' : 'View Details'}
            </Button>
          </article>
        )}
      </ListBody>

      <Pager list={list} page={query.data} />

      <ReportDialog
        item={open}
        onClose={() => setOpen(null)}
        onDone={() => {
          setOpen(null);
          void queryClient.invalidateQueries({ queryKey: adminKeys.all });
        }}
      />
    </div>
  );
}

function ReportDialog({
  item,
  onClose,
  onDone,
}: {
  item: TModerationItem | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const notesId = useId();
  const [notes, setNotes] = useState('');
  const review = useMutation({
    mutationFn: (decision: 'approve' | 'reject') =>
      reviewReport(item?.id ?? '', { decision, notes: notes.trim() || undefined }),
    onSuccess: (result) => {
      toast.success(result.status === 'approved' ? 'Report approved' : 'Report rejected', {
        description: 'The reporter has been told the outcome.',
      });
      setNotes('');
      onDone();
    },
    onError: (error) => toast.error('Review failed', { description: error.message }),
  });
  const pending = item?.status === 'pending';
  const flag = item?.contentType === NOT_AN_ANSWER_KIND;
  return (
    <Dialog open={item !== null} onOpenChange={(next) => !next && onClose()}>
      {item && (
        <DialogContent title={pending ? 'Review Report' : 'Report Details'}>
          <dl className="divide-y divide-slate-100 text-sm">
            {(
              [
                ['Type', typeLabel(item.contentType)],
                ...(item.question !== null ? [['Fan’s paid message', item.question]] : []),
                [item.question !== null ? 'Creator’s reply' : 'Content', item.content ?? 'Content not available'],
                ['Reason', item.reason],
                ['Reported user', who(item.reportedUser, 'Unknown User')],
                ['Reporter', item.reporter ? who(item.reporter, 'Unknown User') : 'Auto moderation'],
                ['Reported', when(String(item.createdAt))],
                ['Status', STATUS[item.status].label],
                ...(!pending
                  ? [
                      ['Moderator', item.moderatorEmail ?? '—'],
                      ['Notes', item.moderatorNotes ?? '—'],
                      ['Reviewed', when(String(item.updatedAt))],
                    ]
                  : []),
              ] as [string, string][]
            ).map(([label, value]) => (
              <div key={label} className="grid grid-cols-3 gap-2 py-2">
                <dt className="text-slate-500">{label}</dt>
                <dd className="col-span-2 whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
          {pending ? (
            <div className="mt-4 space-y-4">
              <Field id={notesId} label="Moderator notes">
                <Textarea
                  id={notesId}
                  rows={3}
                  maxLength={LIMITS.moderationNotes.max}
                  value={notes}
                  onChange={(event) => setNotes(event.target.value)}
                />
              </Field>
              <div className="flex flex-wrap justify-end gap-2">
                <DialogClose asChild>
                  <Button variant="secondary">Cancel</Button>
                </DialogClose>
                <Button variant="secondary" disabled={review.isPending} onClick={() => review.mutate('reject')}>
                  {flag ? 'Reject: pay the creator' : 'Reject Report'}
                </Button>
                <Button disabled={review.isPending} onClick={() => review.mutate('approve')}>
                  {flag ? 'Approve: refund the fan' : 'Approve Report'}
                </Button>
              </div>
            </div>
          ) : (
            <div className="mt-4 flex justify-end">
              <DialogClose asChild>
                <Button variant="secondary">Close</Button>
              </DialogClose>
            </div>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
