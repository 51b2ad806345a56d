import type { TAdminInstance, TAdminSystem } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Archive, Clock, Inbox, RefreshCw, Server } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { LoadErrorState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTime } from '../../lib/format-date';
import { paths } from '../../paths';
import { adminSystemQuery } from './api/system';
import { backupName, formatAge, secondsBetween } from './components/system-format';

/** An instance's state in words, from its last beat. */
function instanceState(instance: TAdminInstance): { label: string; tone: string } {
  if (instance.gone) return { label: 'Not seen', tone: 'bg-red-100 text-red-800' };
  if (instance.status === 'stopped') return { label: 'Stopped', tone: 'bg-slate-100 text-slate-700' };
  if (instance.status === 'draining') return { label: 'Draining', tone: 'bg-amber-100 text-amber-900' };
  if (instance.status === 'degraded')
    return { label: 'Ready (payments degraded)', tone: 'bg-amber-100 text-amber-900' };
  return { label: 'Ready', tone: 'bg-emerald-100 text-emerald-800' };
}

const when = (iso: string) => <time dateTime={iso}>{formatDateTime(new Date(iso))}</time>;

/**
 * Admin › System (issue 40, decision 0064): what the metrics read, for an operator without Prometheus:
 * the instances by their heartbeats, the outbox backlog and its stuck steps, the oldest overdue message
 * and the last backup. Read again every 30 s while open, or at once with Refresh.
 */
export function Component() {
  const query = useQuery(adminSystemQuery());
  const data = query.data;

  if (query.isError && !data)
    return (
      <LoadErrorState
        title="The system status could not be loaded"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          {data ? (
            <>
              As of {when(String(data.checkedAt))} by the server's clock; read again by itself while this page is open.
            </>
          ) : (
            'Reading the system status…'
          )}
        </p>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
          className="self-start sm:self-auto"
        >
          <RefreshCw className={query.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {query.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          The last refresh failed; the figures below are from the read before.
        </p>
      )}

      <Section icon={Server} title="Instances">
        {data ? <Instances data={data} /> : <Skeleton className="h-20" />}
      </Section>

      <div className="grid gap-6 lg:grid-cols-3">
        <Section icon={Inbox} title="Outbox">
          {data ? <Outbox data={data} /> : <Skeleton className="h-24" />}
        </Section>
        <Section icon={Clock} title="Overdue messages">
          {data ? <Overdue data={data} /> : <Skeleton className="h-24" />}
        </Section>
        <Section icon={Archive} title="Backups">
          {data ? <Backups data={data} /> : <Skeleton className="h-24" />}
        </Section>
      </div>
    </div>
  );
}

/** A titled card; a region named by its heading, so a screen reader can jump to it. */
function Section({ icon: Icon, title, children }: { icon: typeof Server; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Icon className="h-5 w-5 text-brand-600" aria-hidden="true" />
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Instances({ data }: { data: TAdminSystem }) {
  const checkedAt = String(data.checkedAt);
  if (data.instances.length === 0)
    return (
      <p className="text-sm text-slate-600">
        No instance has reported in the last day. Each running server records itself every 15 seconds.
      </p>
    );
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {data.instances.map((instance) => {
          const state = instanceState(instance);
          return (
            <li key={instance.id} className="flex flex-col gap-1 py-3 md:flex-row md:items-center md:gap-4">
              <p className="flex min-w-0 flex-wrap items-center gap-2 md:w-72 md:shrink-0">
                <span className="font-mono text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">
                  {instance.id}
                </span>
                <Badge className={state.tone}>{state.label}</Badge>
              </p>
              <p className="text-sm text-slate-700 md:w-32 md:shrink-0">v{instance.version}</p>
              <p className="text-sm text-slate-700 md:w-36 md:shrink-0">
                {instance.openStreams === 1 ? '1 open stream' : `${instance.openStreams} open streams`}
              </p>
              <p className="text-xs text-slate-600">
                Started {when(String(instance.startedAt))} · last seen{' '}
                {formatAge(secondsBetween(String(instance.lastSeenAt), checkedAt))}
              </p>
            </li>
          );
        })}
      </ul>
      {data.instances.some((instance) => instance.status === 'degraded' && !instance.gone) && (
        <p className="border-t border-slate-100 pt-3 text-xs text-slate-600">
          Payments degraded: the instance serves, but its payment configuration has a problem that{' '}
          <code>/api/health/ready</code> names (on a demo, the test checkout that collects no money).
        </p>
      )}
    </>
  );
}

function Figure({ value, label }: { value: number; label: string }) {
  return (
    <p className="flex items-baseline gap-2">
      <span className="text-2xl font-bold text-slate-900">{value}</span>
      <span className="text-sm text-slate-600">{label}</span>
    </p>
  );
}

function Outbox({ data }: { data: TAdminSystem }) {
  const { due, dead, oldestDueAgeSeconds } = data.outbox;
  return (
    <div className="space-y-3">
      <div>
        <Figure value={due} label={due === 1 ? 'step due now' : 'steps due now'} />
        <p className="text-xs text-slate-600">
          {oldestDueAgeSeconds === null
            ? 'Nothing is waiting: every after-commit step has run or is scheduled later.'
            : `The oldest became due ${formatAge(oldestDueAgeSeconds)}.`}
        </p>
      </div>
      <div>
        <Figure value={dead} label={dead === 1 ? 'stuck step' : 'stuck steps'} />
        {dead === 0 ? (
          <p className="text-xs text-slate-600">None failed on every attempt.</p>
        ) : (
          <p className="text-xs text-slate-700">
            <AlertTriangle className="mr-1 inline h-3.5 w-3.5 text-red-700" aria-hidden="true" />
            Failed on every attempt; each holds the steps behind it.{' '}
            <Link
              to={paths.adminStuckJobs}
              className="font-medium text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              Retry or drop them in Stuck jobs
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}

function Overdue({ data }: { data: TAdminSystem }) {
  const { oldestDeadline, ageSeconds } = data.overdueMessages;
  if (oldestDeadline === null || ageSeconds === null)
    return <p className="text-sm text-slate-600">None: every open message is still inside its reply window.</p>;
  return (
    <div className="space-y-1">
      <p className="text-sm text-slate-900">
        The oldest open message's reply window ended <strong>{formatAge(ageSeconds)}</strong>.
      </p>
      <p className="text-xs text-slate-600">
        Deadline {when(String(oldestDeadline))}. The expiry job refunds it on its next pass; if this keeps growing, the
        jobs are not running.
      </p>
    </div>
  );
}

function Backups({ data }: { data: TAdminSystem }) {
  const { lastSuccessful, lastSuccessfulAgeSeconds, lastFailed } = data.backups;
  return (
    <div className="space-y-3">
      {lastSuccessful && lastSuccessfulAgeSeconds !== null ? (
        <div className="space-y-1">
          <p className="text-sm text-slate-900">
            Last successful: <strong>{formatAge(lastSuccessfulAgeSeconds)}</strong>
          </p>
          <p className="text-xs text-slate-600">
            {backupName(lastSuccessful)}, finished {when(String(lastSuccessful.finishedAt))}.
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-900">
          <strong>No backup recorded.</strong>{' '}
          <span className="text-slate-600">
            pgBackRest and <code>npm run backup</code> record each backup they take here.
          </span>
        </p>
      )}
      {lastFailed && (
        <div role="note" className="rounded-lg bg-red-50 p-3 text-xs text-red-800">
          <p className="font-medium">
            {backupName(lastFailed)} failed, {when(String(lastFailed.finishedAt))}
          </p>
          {lastFailed.detail && <p className="mt-1 [overflow-wrap:anywhere]">{lastFailed.detail}</p>}
        </div>
      )}
    </div>
  );
}
