import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { Avatar } from './avatar';
import { RelativeTime } from './relative-time';
import { Skeleton } from './skeleton';

interface ConversationListItemProps {
  to: string;
  name: string;
  avatarUrl: string | null;
  /** "3 messages". */
  countLabel: string;
  /** A pending or waiting badge, when there is one. */
  badge?: ReactNode;
  lastActivity: string;
  /** "You:" or the other party's name, before the preview. */
  prefix: string;
  preview: string;
  active?: boolean;
  /** Tighter rows for sidebars. */
  compact?: boolean;
}

/** One conversation in a list (spec §2 rows): avatar, name, count, badge, relative time, prefixed preview. */
export function ConversationListItem({
  to,
  name,
  avatarUrl,
  countLabel,
  badge,
  lastActivity,
  prefix,
  preview,
  active,
  compact,
}: ConversationListItemProps) {
  return (
    <Link
      to={to}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex min-w-0 items-start gap-3 rounded-xl transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        compact ? 'p-3' : 'p-4',
        active ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-slate-50',
      )}
    >
      <span aria-hidden="true">
        <Avatar src={avatarUrl} name={name} size={compact ? 'sm' : 'md'} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate font-medium text-slate-900">{name}</span>
          <RelativeTime iso={lastActivity} className="shrink-0 text-xs text-slate-600" />
        </span>
        <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
          <span>{countLabel}</span>
          {badge}
        </span>
        <span className="mt-1 block truncate text-sm text-slate-600">
          <span className="font-medium text-slate-700">{prefix}</span> {preview}
        </span>
      </span>
    </Link>
  );
}

export function ConversationListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading conversations" className="space-y-2">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="flex items-center gap-3 p-4">
          <Skeleton className="h-10 w-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

export const messageCountLabel = (count: number) => `${count} ${count === 1 ? 'message' : 'messages'}`;
