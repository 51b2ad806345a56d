import { ADMIN_PAGE_SIZE, type TAuditEntry } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { RelativeTime } from '../../components/ui/relative-time';
import { adminAuditQuery } from './api/admin';
import { ListBody, Pager, useAdminList } from './components/admin-list';

const describe = (entry: TAuditEntry) => entry.action.replace('.', ' ').replaceAll('_', ' ');

/** "isFeatured" → "Is featured", "commission_rate" → "Commission rate". */
const label = (key: string) => {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
/** A value as a person reads it: yes/no, plain text, a list; objects as "key: value" pairs. */
const plain = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map(plain).join(', ') : 'none';
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${label(k)}: ${plain(v)}`)
      .join('; ');
  return String(value);
};
/**
 * Issue 36 §17: a change read as "Is featured: No → Yes", one line per field, instead of two JSON
 * objects. A value that is not an object (or a field only on one side) is shown as it is.
 */
function changes(before: unknown, after: unknown): { field: string; from: string; to: string }[] {
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(before) && !isRecord(after)) return [{ field: 'Value', from: plain(before), to: plain(after) }];
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return keys.map((key) => ({ field: label(key), from: plain(from[key]), to: plain(to[key]) }));
}

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
              <dl className="space-y-0.5 text-sm text-slate-700 [overflow-wrap:anywhere]">
                {changes(entry.before, entry.after).map((change) => (
                  <div key={change.field} className="flex flex-wrap gap-x-1">
                    <dt className="font-medium">{change.field}:</dt>
                    <dd>
                      {change.from} <span aria-hidden="true">→</span>
                      <span className="sr-only">changed to</span> {change.to}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </article>
        )}
      </ListBody>
      <Pager list={list} page={query.data} />
    </div>
  );
}
