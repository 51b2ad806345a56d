import { formatCents, type TAdminActivity } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  ArrowLeftRight,
  Clock,
  CreditCard,
  DollarSign,
  Flag,
  MessageSquare,
  Star,
  UserPlus,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { RelativeTime } from '../../components/ui/relative-time';
import { api } from '../../lib/api-client';
import { paths } from '../../paths';
import { adminAuditQuery, adminKeys, adminStatsQuery } from './api/admin';
import { StatCard } from './components/stat-card';
import { WebVitalsCard } from './components/web-vitals-card';

const activityQuery = () => ({
  queryKey: [...adminKeys.all, 'activity'],
  queryFn: ({ signal }: { signal: AbortSignal }) => api<{ events: TAdminActivity[] }>('/admin/activity', { signal }),
  staleTime: 15_000,
});

const ACTIVITY_ICON = { profile: UserPlus, message: MessageSquare, payment: CreditCard, report: Flag } as const;

const QUICK = [
  { to: paths.adminUsers, label: 'Manage Users', icon: Users },
  { to: paths.adminMessages, label: 'Review Messages', icon: MessageSquare },
  { to: paths.adminTransactions, label: 'View Transactions', icon: ArrowLeftRight },
  { to: paths.adminModeration, label: 'Moderate Content', icon: Flag },
] as const;

/**
 * spec §2 Admin Dashboard: six stat cards, live activity of the last 5 events, four quick actions; and
 * real visitors' Web Vitals (issue 28).
 */
export function Component() {
  const stats = useQuery(adminStatsQuery()).data;
  const activity = useQuery(activityQuery());
  const audit = useQuery(adminAuditQuery());
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard label="Total Users" icon={Users} value={stats?.totalUsers.toLocaleString('en-US')} />
        <StatCard label="Creators" icon={Star} value={stats?.totalCreators.toLocaleString('en-US')} />
        <StatCard label="Total Messages" icon={MessageSquare} value={stats?.totalMessages.toLocaleString('en-US')} />
        <StatCard label="Pending Messages" icon={Clock} value={stats?.pendingMessages.toLocaleString('en-US')} />
        <StatCard
          label="Platform Revenue"
          icon={DollarSign}
          value={stats ? formatCents(stats.revenueCents) : undefined}
        />
        <StatCard label="Pending Reports" icon={Flag} value={stats?.pendingReports.toLocaleString('en-US')} />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-5">
          <h2 className="text-lg font-semibold text-slate-900">Recent Activity</h2>
          <p className="text-xs text-slate-500">Updates live</p>
          {activity.isLoadingError ? (
            <p className="mt-4 text-sm text-slate-600">Activity could not be loaded.</p>
          ) : activity.data?.events.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600">No activity yet.</p>
          ) : (
            <ul className="mt-4 space-y-3" aria-live="polite">
              {activity.data?.events.map((event) => {
                const Icon = ACTIVITY_ICON[event.kind];
                return (
                  <li key={event.id} className="flex items-start gap-3">
                    <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                      <Icon className="h-4 w-4" aria-hidden="true" />
                    </span>
                    <div className="min-w-0">
                      <p className="text-sm text-slate-900">{event.text}</p>
                      <p className="text-xs text-slate-500">
                        <RelativeTime iso={event.at} />
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>

        <Card className="p-5">
          <h2 className="text-lg font-semibold text-slate-900">Quick Actions</h2>
          <div className="mt-4 grid grid-cols-2 gap-3">
            {QUICK.map(({ to, label, icon: Icon }) => (
              <Link
                key={to}
                to={to}
                className="flex flex-col items-center gap-2 rounded-xl border border-slate-200 p-4 text-center text-sm font-medium text-slate-700 hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <Icon className="h-6 w-6 text-brand-600" aria-hidden="true" />
                {label}
              </Link>
            ))}
          </div>
          <div className="mt-6 flex items-baseline justify-between gap-3">
            <h2 className="text-sm font-semibold text-slate-900">Recent admin changes</h2>
            <Link
              to={paths.adminAudit}
              className="text-xs font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              View the audit log
            </Link>
          </div>
          {audit.data?.entries.length ? (
            <ul className="mt-2 space-y-1 text-xs text-slate-600">
              {audit.data.entries.map((entry) => (
                <li key={entry.id}>
                  <span className="font-medium text-slate-800">{entry.adminEmail ?? 'An admin'}</span>{' '}
                  {entry.action.replace('.', ' ').replaceAll('_', ' ')} · <RelativeTime iso={entry.createdAt} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-xs text-slate-500">No admin changes yet.</p>
          )}
        </Card>
      </div>

      <WebVitalsCard />
    </div>
  );
}
