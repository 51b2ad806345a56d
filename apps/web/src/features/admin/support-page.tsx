import { SUPPORT_FILTERS, type TContactMessage } from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle, Eye, Inbox, LifeBuoy, Mail } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { adminKeys } from './api/admin';
import { adminSupportQuery, markContactMessageHandled } from './api/support';
import { ListBody, ListToolbar, Pager, useAdminList } from './components/admin-list';
import { StatCard } from './components/stat-card';

const FILTER_LABELS = { all: 'All', open: 'Open', handled: 'Handled' } as const;
const STATUS = {
  open: { label: 'Open', className: 'bg-amber-100 text-amber-800' },
  handled: { label: 'Handled', className: 'bg-green-100 text-green-800' },
} as const;
const PREVIEW = 140;
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const preview = (text: string) => (text.length > PREVIEW ? `${text.slice(0, PREVIEW)}...` : text);

/** The support inbox (issue #12): what visitors wrote through the /support contact form. */
export function Component() {
  const queryClient = useQueryClient();
  const list = useAdminList<(typeof SUPPORT_FILTERS)[number]>('all', SUPPORT_FILTERS);
  const [open, setOpen] = useState<TContactMessage | null>(null);
  const query = useQuery(adminSupportQuery(list.term, list.filter, list.page));
  const stats = query.data?.stats;

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <StatCard label="Total Messages" icon={Inbox} value={stats?.total.toLocaleString('en-US')} />
        <StatCard label="Open" icon={LifeBuoy} value={stats?.open.toLocaleString('en-US')} />
        <StatCard label="Handled" icon={CheckCircle} value={stats?.handled.toLocaleString('en-US')} />
      </div>

      <ListToolbar
        list={list}
        noun="support messages"
        placeholder="Search by name, email, subject or text..."
        filters={SUPPORT_FILTERS}
        labels={FILTER_LABELS}
      />

      <ListBody
        query={query}
        rows={(data) => data.items}
        errorTitle="Support messages could not be loaded"
        empty={<EmptyState icon={Inbox} title="No support messages found matching your criteria." />}
        skeletons={4}
        skeletonClassName="h-24"
      >
        {(item) => (
          <article key={item.id} className="flex flex-col gap-3 p-4 md:flex-row md:items-start md:justify-between">
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                <span className="[overflow-wrap:anywhere]">{item.subject}</span>
                <Badge className={STATUS[item.status].className}>{STATUS[item.status].label}</Badge>
              </p>
              <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{preview(item.message)}</p>
              <p className="text-xs text-slate-500 [overflow-wrap:anywhere]">
                From {item.name} ({item.email}) · {when(String(item.createdAt))}
              </p>
            </div>
            <Button
              size="sm"
              variant={item.status === 'open' ? 'primary' : 'secondary'}
              onClick={() => setOpen(item)}
              aria-label={`View message “${item.subject}” from ${item.name}`}
            >
              <Eye className="h-4 w-4" aria-hidden="true" />
              View
            </Button>
          </article>
        )}
      </ListBody>

      <Pager list={list} page={query.data} />

      <ContactMessageDialog
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

function ContactMessageDialog({
  item,
  onClose,
  onDone,
}: {
  item: TContactMessage | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const handle = useMutation({
    mutationFn: () => markContactMessageHandled(item?.id ?? ''),
    onSuccess: (result) => {
      toast.success(result.already ? 'Already handled' : 'Marked as handled');
      onDone();
    },
    onError: (error) => toast.error('Could not mark as handled', { description: error.message }),
  });
  const isOpen = item?.status === 'open';
  const reply = item ? `mailto:${item.email}?subject=${encodeURIComponent(`Re: ${item.subject}`)}` : undefined;
  return (
    <Dialog open={item !== null} onOpenChange={(next) => !next && onClose()}>
      {item && (
        <DialogContent title="Support Message">
          <dl className="divide-y divide-slate-100 text-sm">
            {(
              [
                ['From', item.name],
                ['Email', item.email],
                ['Subject', item.subject],
                ['Message', item.message],
                ['Received', when(String(item.createdAt))],
                ['Status', STATUS[item.status].label],
                ...(!isOpen
                  ? [
                      ['Handled by', item.handledByEmail ?? '—'],
                      ['Handled', item.handledAt ? when(String(item.handledAt)) : '—'],
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
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Close</Button>
            </DialogClose>
            <Button variant="secondary" asChild>
              <a href={reply}>
                <Mail className="h-4 w-4" aria-hidden="true" />
                Reply by email
              </a>
            </Button>
            {isOpen && (
              <Button disabled={handle.isPending} onClick={() => handle.mutate()}>
                <CheckCircle className="h-4 w-4" aria-hidden="true" />
                Mark handled
              </Button>
            )}
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
