import { LIMITS, REPORT_MESSAGES, ZReportRequest } from '@fanline/contracts';
import { useMutation } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../lib/api-client';
import { Button } from '../ui/button';
import { Dialog, DialogClose, DialogContent } from '../ui/dialog';
import { Field } from '../ui/field';
import { Textarea } from '../ui/input';

/**
 * Report the other party's message or reply (issue #12): a small button beside it and a dialog with
 * a required reason. The server allows only the two parties and one open report per person and item.
 */
export function ReportButton({ messageId, target }: { messageId: string; target: 'message' | 'reply' }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const send = useMutation({
    mutationFn: () => api(`/messages/${messageId}/report`, { method: 'POST', body: { target, reason: reason.trim() } }),
    onSuccess: () => {
      toast.success('Report sent', { description: REPORT_MESSAGES.sent });
      setOpen(false);
      setReason('');
    },
    onError: (failure) => setError(failure.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZReportRequest.safeParse({ target, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please tell us what is wrong');
      return;
    }
    setError(null);
    send.mutate();
  };
  const what = target === 'reply' ? 'reply' : 'message';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1 rounded text-xs text-slate-500 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-label={`Report this ${what}`}
      >
        <Flag className="h-3 w-3" aria-hidden="true" />
        Report
      </button>
      <DialogContent
        title={`Report this ${what}`}
        description="Our moderators review every report. We will tell you the outcome in your notifications."
      >
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field id={id} label="Reason" required error={error ?? undefined}>
            <Textarea
              id={id}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={LIMITS.reportReason.max}
              rows={4}
              aria-required="true"
              aria-invalid={error ? true : undefined}
              placeholder="What is wrong with it?"
            />
          </Field>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send Report'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
