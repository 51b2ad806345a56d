import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldBan, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { blockedFansKey, blockedFansQuery, blockFan, unblockFan } from '../../../components/blocks/blocks-query';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { liveKeys } from '../../../lib/realtime/live-keys';

/**
 * Issue #13: the creator blocks (or unblocks) the fan of this conversation, after a confirmation.
 * A block releases the fan's open paid messages to this creator at once and stops them paying to
 * message again; unblocking lets them pay again.
 */
export function BlockDialog({ fanId, fanName }: { fanId: string; fanName: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const blocks = useQuery(blockedFansQuery());
  const blocked = blocks.data?.blocked.some((b) => b.fanId === fanId) ?? false;
  const mutation = useMutation({
    mutationFn: () => (blocked ? unblockFan(fanId).then(() => null) : blockFan(fanId)),
    onSuccess: (result) => {
      setOpen(false);
      if (!result) toast.success(`${fanName} is unblocked. They can pay to message you again.`);
      else
        toast.success(`${fanName} is blocked.`, {
          description:
            result.released > 0
              ? `${result.released === 1 ? 'Their open message was' : `Their ${result.released} open messages were`} released: they get their money back.`
              : undefined,
        });
    },
    onError: (error) =>
      toast.error(blocked ? 'Could not unblock' : 'Could not block', {
        description: error instanceof ApiError ? error.message : undefined,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blockedFansKey }),
        queryClient.invalidateQueries({ queryKey: liveKeys.conversations }),
        queryClient.invalidateQueries({ queryKey: liveKeys.creatorStats }),
      ]),
  });
  if (blocks.isPending || blocks.isError) return null;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          {blocked ? (
            <ShieldCheck className="h-4 w-4" aria-hidden="true" />
          ) : (
            <ShieldBan className="h-4 w-4" aria-hidden="true" />
          )}
          {blocked ? 'Unblock' : 'Block'}
          <span className="sr-only"> {fanName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title={blocked ? `Unblock ${fanName}?` : `Block ${fanName}?`}
        description={
          blocked
            ? 'They will be able to pay to message you again.'
            : 'They will no longer be able to pay to message you, and they will be told you blocked them if they try. Any message of theirs you have not answered is released at once: they get their money back and you do not earn it. You can unblock them in Settings → Blocked.'
        }
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button
            variant={blocked ? 'primary' : 'danger'}
            disabled={mutation.isPending}
            onClick={() => mutation.mutate()}
          >
            {mutation.isPending ? (blocked ? 'Unblocking…' : 'Blocking…') : blocked ? 'Unblock' : 'Block and release'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
