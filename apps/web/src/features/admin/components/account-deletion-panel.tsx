import { formatCents } from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { adminAccountDeletionQuery, adminKeys, cancelAccountDeletion, startAccountDeletion } from '../api/admin';

const STATUS = { pending: 'Closing', cancelled: 'Cancelled', erased: 'Erased' } as const;

/**
 * Issue 41 point 2, in User Details: the user's account closure (none, closing until a date, cancelled,
 * erased) and the admin's "Start account deletion" (confirmed once) or "Cancel deletion". Both audited.
 */
export function AccountDeletionPanel({ userId, isAdmin }: { userId: string; isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const state = useQuery(adminAccountDeletionQuery(userId));
  const [confirming, setConfirming] = useState(false);
  const settle = {
    onSuccess: (data: Awaited<ReturnType<typeof startAccountDeletion>>) => {
      queryClient.setQueryData(adminKeys.accountDeletion(userId), data);
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'users'] });
      setConfirming(false);
    },
    onError: (error: unknown) =>
      toast.error(error instanceof ApiError && error.status < 500 ? error.message : 'Something went wrong.'),
  };
  const start = useMutation({ mutationFn: () => startAccountDeletion(userId), ...settle });
  const cancel = useMutation({ mutationFn: () => cancelAccountDeletion(userId), ...settle });
  const deletion = state.data?.deletion ?? null;

  return (
    <section aria-label="Account deletion" className="mt-4 rounded-lg border border-slate-200 p-3 text-sm">
      <h3 className="font-semibold text-slate-900">Account deletion</h3>
      {state.isPending ? (
        <p className="mt-1 text-slate-600">Loading…</p>
      ) : deletion ? (
        <dl className="mt-1 grid grid-cols-3 gap-x-2 gap-y-1">
          <dt className="text-slate-600">State</dt>
          <dd className="col-span-2">
            {STATUS[deletion.status]}
            {deletion.startedByAdmin ? ' (started by an admin)' : ' (by the user)'}
          </dd>
          <dt className="text-slate-600">{deletion.status === 'erased' ? 'Erased' : 'Erasure on'}</dt>
          <dd className="col-span-2">{formatDate(deletion.erasedAt ?? deletion.scheduledFor)}</dd>
          <dt className="text-slate-600">Refunded</dt>
          <dd className="col-span-2">{deletion.refundedMessages} open messages</dd>
          {deletion.earningsHeldCents > 0 && (
            <>
              <dt className="text-slate-600">Earnings held</dt>
              <dd className="col-span-2">{formatCents(deletion.earningsHeldCents)}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="mt-1 text-slate-600">No deletion requested.</p>
      )}
      {deletion?.status === 'pending' ? (
        <Button
          size="sm"
          variant="secondary"
          className="mt-3"
          onClick={() => cancel.mutate()}
          disabled={cancel.isPending}
        >
          Cancel deletion
        </Button>
      ) : deletion?.status !== 'erased' && !isAdmin ? (
        confirming ? (
          <div className="mt-3 space-y-2">
            <p className="text-slate-700">
              Their open paid messages are refunded, they are signed out, and their data is erased in 14 days unless the
              deletion is cancelled.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="danger" onClick={() => start.mutate()} disabled={start.isPending}>
                Confirm deletion
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
                Keep account
              </Button>
            </div>
          </div>
        ) : (
          <Button size="sm" variant="secondary" className="mt-3" onClick={() => setConfirming(true)}>
            Start account deletion
          </Button>
        )
      ) : null}
    </section>
  );
}
