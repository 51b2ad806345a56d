import { useQuery } from '@tanstack/react-query';
import { Card } from '../../../components/ui/card';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { creatorMetricsQuery } from '../api/dashboard';

/** Hours as the dashboard says them: minutes under an hour, one decimal above. */
export function formatResponseTime(hours: number | null): string {
  if (hours === null) return 'No replies yet';
  const minutes = Math.round(hours * 60);
  if (minutes < 1) return '< 1 min';
  if (hours < 1) return `${minutes} min`;
  return `${Number.isInteger(hours) ? hours : hours.toFixed(1)} h`;
}

/** spec §3 creator metrics on /dashboard/messages: messages, response time and profile views, every 30 s. */
export function MetricsPanel() {
  const query = useQuery(creatorMetricsQuery());
  const m = query.data;
  const tiles: Array<{ label: string; value: string | undefined }> = [
    { label: 'Messages Today', value: m && String(m.messagesToday) },
    { label: 'Messages This Week', value: m && String(m.messagesThisWeek) },
    { label: 'Total Messages', value: m && String(m.totalMessages) },
    { label: 'Avg Response Time', value: m && formatResponseTime(m.avgResponseTimeHours) },
    { label: 'Profile Views Today', value: m && String(m.profileViewsToday) },
    { label: 'Total Profile Views', value: m && String(m.profileViewsTotal) },
  ];
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="text-base font-semibold text-slate-900">Your activity</h2>
        {m && (
          <p className="flex items-center gap-1.5 text-xs text-slate-500">
            <span
              aria-hidden="true"
              className={`h-2 w-2 rounded-full ${m.isOnline ? 'bg-emerald-500' : 'bg-slate-300'}`}
            />
            {m.isOnline ? (
              'Online'
            ) : m.lastActive ? (
              <>
                Last active <RelativeTime iso={m.lastActive} />
              </>
            ) : (
              'Offline'
            )}
          </p>
        )}
      </div>
      {query.isError && !m ? (
        <p role="alert" className="mt-3 text-sm text-slate-600">
          Metrics are unavailable right now; they will refresh on their own.
        </p>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {tiles.map(({ label, value }) => (
            <div key={label} className="rounded-xl bg-slate-50 px-3 py-2">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums">
                {value === undefined ? <Skeleton className="h-6 w-12" /> : value}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
