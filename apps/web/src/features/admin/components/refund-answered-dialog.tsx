import {
  ADMIN_REFUND_REASON_MAX,
  formatCents,
  type TAdminMessageRow,
  type TAdminRefundAnsweredResult,
  ZAdminRefundAnsweredRequest,
} from '@fanline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { adminKeys, refundAnsweredMessage } from '../api/admin';

const name = (p: TAdminMessageRow['sender'], fallback: string) => p.displayName ?? fallback;

/** What became of the creator's earning, in the toast that follows the ruling (decision 0055). */
const TAKE_BACK: Record<NonNullable<TAdminRefundAnsweredResult['takeBack']>, string> = {
  cancelled: 'The creator’s earning was not paid out yet and is cancelled.',
  reversed: 'The transfer to the creator’s Stripe account was reversed.',
  netted: 'Stripe refused to reverse the transfer: the earning is deducted from the creator’s next payout.',
};

function outcomeToast(result: TAdminRefundAnsweredResult) {
  const amount = formatCents(result.amountCents);
  const how = result.takeBack ? ` ${TAKE_BACK[result.takeBack]}` : '';
  if (result.outcome === 'already') {
    toast.info('Already refunded', { description: `The fan’s ${amount} had already gone back to them.${how}` });
  } else if (result.outcome === 'owed') {
    toast.warning('Card refund refused', {
      description: `The card network refused the refund (the fan's bank had charged this payment back). ${amount} is owed to the fan: give it back another way. Admins were alerted.${how}`,
    });
  } else if (result.outcome === 'queued') {
    toast.warning('Refund queued', {
      description: `The payment provider did not answer now; the ${amount} refund is retried and admins are alerted if it keeps failing.`,
    });
  } else {
    toast.success('Fan refunded', { description: `${amount} is on its way back to the fan.${how}` });
  }
}

/**
 * Decision 0055: an admin's ruling for the fan on an answered, paid message. The dialog says the amount
 * and that the creator's earning is taken back, asks for the reason (required, audited) and sends it;
 * outcome and errors are toasts, and what is wrong with the reason also stays under it. (The fan's
 * ReasonDialog would do, but sharing it splits a chunk the first visit's bundle then has to name.)
 */
export function RefundAnsweredAction({ row }: { row: TAdminMessageRow }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const amount = formatCents(row.amountCents);
  const fan = name(row.sender, 'the fan');
  const creator = name(row.recipient, 'the creator');
  const send = useMutation({
    mutationFn: () => refundAnsweredMessage(row.id, reason.trim()),
    onSuccess: (result) => {
      outcomeToast(result);
      setOpen(false);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (failure) => {
      setError(failure.message);
      toast.error('Refund failed', { description: failure.message });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZAdminRefundAnsweredRequest.safeParse({ reason });
    const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give a reason.');
    setError(problem);
    if (!problem) send.mutate();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={`Refund fan ${amount}`}>
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
        Refund fan
      </Button>
      <DialogContent
        title="Refund this answered message?"
        description={`${fan} gets their ${amount} back on their card. ${creator} already replied, so their earning for this message is reversed: cancelled if not paid out yet, otherwise taken back from their Stripe account (or from their next payout if Stripe refuses).`}
      >
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field id={id} label="Reason (kept in the audit log)" required error={error ?? undefined}>
            <Textarea
              id={id}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setError(null);
              }}
              maxLength={ADMIN_REFUND_REASON_MAX}
              rows={4}
              aria-required="true"
              aria-invalid={error ? true : undefined}
              placeholder="Why does the fan get their money back?"
            />
          </Field>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Refunding…' : `Refund ${amount}`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
