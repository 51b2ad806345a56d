import type { TStuckJob } from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { RelativeTime } from '../../components/ui/relative-time';
import { adminKeys } from './api/admin';
import { adminStuckJobsQuery, settleStuckJob } from './api/stuck-jobs';
import { ListBody } from './components/admin-list';

/**
 * Stuck jobs (issue 35, decision 0039): after-commit steps (a capture, a refund, a mail) that failed on
 * every attempt, or were refused, and are no longer retried by themselves. Each holds the steps queued
 * behind it. Retry runs it again on the next jobs pass; Drop gives it up and lets the steps behind it
 * run. Both are audited.
 */
export function Component() {
  const queryClient = useQueryClient();
  const query = useQuery(adminStuckJobsQuery());
  const [dropping, setDropping] = useState<TStuckJob | null>(null);
  const settle = useMutation({
    mutationFn: ({ job, action }: { job: TStuckJob; action: 'retry' | 'drop' }) => settleStuckJob(job.id, action),
    onSuccess: (result, { job }) => {
      toast.success(result.outcome === 'retried' ? `Step ${job.id} will run again` : `Step ${job.id} dropped`);
      setDropping(null);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => toast.error('The step could not be changed', { description: error.message }),
  });

  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">
        After-commit steps that failed on every attempt. A stuck step holds the steps queued behind it (the same
        payment's, or a mail about it) until you retry or drop it.
      </p>
      <ListBody
        query={query}
        rows={(data) => data.jobs}
        errorTitle="Stuck jobs could not be loaded"
        empty={<EmptyState icon={CheckCircle} title="No stuck jobs: every step has run or is still being retried." />}
        skeletons={3}
        skeletonClassName="h-24"
      >
        {(job) => (
          <article key={job.id} className="flex flex-col gap-3 p-4 md:flex-row md:items-start md:justify-between">
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                <span>{job.kind}</span>
                <Badge className="bg-red-100 text-red-800">{`${job.attempts} attempts`}</Badge>
                {job.waiting > 0 && (
                  <Badge className="bg-amber-100 text-amber-800">{`${job.waiting} waiting behind it`}</Badge>
                )}
              </p>
              <p className="font-mono text-xs text-slate-700 [overflow-wrap:anywhere]">{job.key}</p>
              <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
                Error: {job.lastError ?? 'none recorded'}
              </p>
              <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">
                Step {job.id}
                {job.orderingKey && <> · chain {job.orderingKey}</>} · last tried{' '}
                <RelativeTime iso={String(job.failedAt)} />
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <Button
                size="sm"
                disabled={settle.isPending}
                onClick={() => settle.mutate({ job, action: 'retry' })}
                aria-label={`Retry step ${job.id} (${job.kind})`}
              >
                <RotateCcw className="h-4 w-4" aria-hidden="true" />
                Retry
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={settle.isPending}
                onClick={() => setDropping(job)}
                aria-label={`Drop step ${job.id} (${job.kind})`}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Drop
              </Button>
            </div>
          </article>
        )}
      </ListBody>

      <Dialog open={dropping !== null} onOpenChange={(next) => !next && setDropping(null)}>
        {dropping && (
          <DialogContent
            title="Drop this step?"
            description={`Step ${dropping.id} (${dropping.kind}) will not run. ${
              dropping.waiting > 0 ? `The ${dropping.waiting} step(s) waiting behind it will run next.` : ''
            }`}
          >
            <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
              Drop it only when what it would do has been done another way, or must not happen.
            </p>
            <div className="mt-4 flex flex-wrap justify-end gap-2">
              <DialogClose asChild>
                <Button variant="secondary">Cancel</Button>
              </DialogClose>
              <Button
                variant="danger"
                disabled={settle.isPending}
                onClick={() => settle.mutate({ job: dropping, action: 'drop' })}
              >
                Drop step
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}
