import { ADMIN_PAGE_SIZE, type TAuditEntry } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { RelativeTime } from '../../components/ui/relative-time';
import { adminAuditQuery } from './api/admin';
import { ListBody, Pager, useAdminList } from './components/admin-list';

const describe = (entry: TAuditEntry) => entry.action.replace('.', ' ').replaceAll('_', ' ');
const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** Every admin change (ARCHITECTURE §8), newest first, a page at a time (decision 0028). */
export function Component() {
  const list = useAdminList<'all'>('all');
  const query = useQuery(adminAuditQuery(list.page, ADMIN_PAGE_SIZE));

  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">
        Who changed what and when: each row is written in the same transaction as the change.
      </p>
      <ListBody
        query={query}
        rows={(data) => data.entries}
        errorTitle="The audit log could not be loaded"
        empty={<EmptyState icon={ScrollText} title="No admin changes yet." />}
        skeletonClassName="h-16"
      >
        {(entry) => (
          <article key={entry.id} className="space-y-1 p-4">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <span className="font-medium text-slate-900 capitalize">{describe(entry)}</span>
              <RelativeTime iso={String(entry.createdAt)} className="text-xs text-slate-600" />
            </p>
            <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
              {entry.adminEmail ?? 'An admin'} · {entry.targetType}
              {entry.targetId && <span className="font-mono text-xs"> {entry.targetId}</span>}
            </p>
            {(entry.before != null || entry.after != null) && (
              <p className="font-mono text-xs text-slate-600 [overflow-wrap:anywhere]">
                {json(entry.before)} → {json(entry.after)}
              </p>
            )}
          </article>
        )}
      </ListBody>
      <Pager list={list} page={query.data} />
    </div>
  );
}
