import { SUPPORT_FILTERS, type TContactMessage } from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle, Eye, Inbox, LifeBuoy, Mail } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { EmptyState, LoadErrorState } from '../../components/ui/empty-state';
import { SearchInput } from '../../components/ui/search-input';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { adminKeys } from './api/admin';
import { adminSupportQuery, markContactMessageHandled } from './api/support';
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
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<(typeof SUPPORT_FILTERS)[number]>('all');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<TContactMessage | null>(null);
  const term = useDebouncedValue(search.trim(), 300);
  const query = useQuery(adminSupportQuery(term, filter, page));
  const stats = query.data?.stats;

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <StatCard label="Total Messages" icon={Inbox} value={stats?.total.toLocaleString('en-US')} />
        <StatCard label="Open" icon={LifeBuoy} value={stats?.open.toLocaleString('en-US')} />
        <StatCard label="Handled" icon={CheckCircle} value={stats?.handled.toLocaleString('en-US')} />
      </div>

      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <SearchInput
          className="md:w-96"
          label="Search support messages"
          placeholder="Search by name, email, subject or text..."
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          onClear={() => setSearch('')}
        />
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Filter support messages</legend>
          {SUPPORT_FILTERS.map((value) => (
            <Button
              key={value}
              size="sm"
              variant={filter === value ? 'primary' : 'secondary'}
              aria-pressed={filter === value}
              onClick={() => {
                setFilter(value);
                setPage(1);
              }}
            >
              {FILTER_LABELS[value]}
            </Button>
          ))}
        </fieldset>
      </div>

      {query.isError ? (
        <LoadErrorState title="Support messages could not be loaded" onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <div className="space-y-2">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static skeletons
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : query.data.items.length === 0 ? (
        <EmptyState icon={Inbox} title="No support messages found matching your criteria." />
      ) : (
        <Card className={cn('divide-y divide-slate-100', query.isPlaceholderData && 'opacity-60')}>
          {query.data.items.map((item) => (
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
          ))}
        </Card>
      )}

      {query.data && (page > 1 || query.data.hasMore) && (
        <nav aria-label="Pages" className="flex items-center justify-between">
          <Button variant="secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-600">Page {page}</span>
          <Button variant="secondary" disabled={!query.data.hasMore} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}

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
