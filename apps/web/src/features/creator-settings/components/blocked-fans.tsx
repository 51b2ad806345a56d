import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { blockedFansKey, blockedFansQuery, unblockFan } from '../../../components/blocks/blocks-query';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';

/** Issue #13: the fans this creator blocked, newest first, each with Unblock (after a confirmation). */
export function BlockedFans() {
  const queryClient = useQueryClient();
  const query = useQuery(blockedFansQuery());
  const [confirming, setConfirming] = useState<{ fanId: string; name: string } | null>(null);
  const unblock = useMutation({
    mutationFn: (fan: { fanId: string; name: string }) => unblockFan(fan.fanId),
    onSuccess: (_data, fan) => {
      setConfirming(null);
      toast.success(`${fan.name} is unblocked. They can pay to message you again.`);
    },
    onError: (error) =>
      toast.error('Could not unblock', { description: error instanceof ApiError ? error.message : undefined }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blockedFansKey }),
  });

  return (
    <section aria-labelledby="blocked-heading" className="space-y-4">
      <div>
        <h2 id="blocked-heading" className="text-lg font-semibold text-slate-900">
          Blocked fans
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          People you blocked cannot pay to message you. Block someone from your conversation with them.
        </p>
      </div>
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : query.isLoadingError ? (
        <p role="alert" className="text-sm text-red-600">
          Could not load the people you blocked.{' '}
          <button type="button" className="font-medium underline" onClick={() => query.refetch()}>
            Try again
          </button>
        </p>
      ) : query.data.blocked.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          You have not blocked anyone.
        </p>
      ) : (
        <ul aria-label="Blocked fans" className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {query.data.blocked.map((fan) => {
            const name = fan.displayName ?? `@${fan.username}`;
            return (
              <li key={fan.fanId} className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
                <Avatar src={fan.avatarUrl} name={name} size="sm" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{name}</p>
                  <p className="truncate text-sm text-slate-600">
                    @{fan.username} · blocked <RelativeTime iso={String(fan.blockedAt)} />
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setConfirming({ fanId: fan.fanId, name })}
                  aria-label={`Unblock ${name}`}
                >
                  <ShieldCheck className="h-4 w-4" aria-hidden="true" />
                  Unblock
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        {confirming && (
          <DialogContent
            title={`Unblock ${confirming.name}?`}
            description="They will be able to pay to message you again."
          >
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="secondary">Cancel</Button>
              </DialogClose>
              <Button disabled={unblock.isPending} onClick={() => unblock.mutate(confirming)}>
                {unblock.isPending ? 'Unblocking…' : 'Unblock'}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </section>
  );
}
