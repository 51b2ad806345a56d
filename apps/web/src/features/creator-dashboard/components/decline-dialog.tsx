import { DECLINE_REASON_LABELS, DECLINE_REASONS, LIMITS, type TDeclineReason } from '@fanline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { ApiError } from '../../../lib/api-client';
import { liveKeys } from '../../../lib/realtime/live-keys';
import { declineConversation } from '../api/dashboard';

const NOTE_MAX = LIMITS.declineNote.max;

/**
 * Issue #13: the creator declines the conversation's unanswered paid messages with a reason (and an
 * optional note). The fan's money goes back at once and they see the reason.
 */
export function DeclineDialog({ messageId }: { messageId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<TDeclineReason>('outside_expertise');
  const [note, setNote] = useState('');
  const mutation = useMutation({
    mutationFn: declineConversation,
    onSuccess: () => {
      toast.success('Message declined. The fan was not charged.');
      setOpen(false);
      setNote('');
    },
    onError: (error) => {
      toast.error('Could not decline the message', {
        description: error instanceof ApiError ? (error.fields?.note ?? error.message) : undefined,
      });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: liveKeys.conversations }),
        queryClient.invalidateQueries({ queryKey: liveKeys.creatorStats }),
      ]),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <Ban className="h-4 w-4" aria-hidden="true" />
          Decline
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Decline this message?"
        description="The fan gets their money back right away and sees your reason. Declining does not lower your response rate."
      >
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            mutation.mutate({ messageId, reason, note: note.trim() || undefined });
          }}
        >
          <div className="space-y-1">
            <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-900">
              Reason
            </label>
            <NativeSelect
              id={`${id}-reason`}
              className="w-full"
              value={reason}
              onChange={(event) => setReason(event.target.value as TDeclineReason)}
            >
              {DECLINE_REASONS.map((value) => (
                <option key={value} value={value}>
                  {DECLINE_REASON_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-note`} className="text-sm font-medium text-slate-900">
              Note to the fan (optional)
            </label>
            <Textarea
              id={`${id}-note`}
              aria-describedby={`${id}-note-hint`}
              value={note}
              maxLength={NOTE_MAX}
              rows={3}
              onChange={(event) => setNote(event.target.value)}
            />
            <p id={`${id}-note-hint`} className="text-xs text-slate-500">
              {note.length}/{NOTE_MAX}
            </p>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={mutation.isPending}>
              {mutation.isPending ? 'Declining…' : 'Decline and return the money'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
