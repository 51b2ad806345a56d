import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent } from './dialog';
import { Field } from './field';
import { Textarea } from './input';

interface ReasonDialogProps {
  /** The control that opens the dialog; it calls `open`. */
  trigger: (open: () => void) => ReactNode;
  title: string;
  description: string;
  label: string;
  placeholder: string;
  maxLength: number;
  submitLabel: string;
  /** What is wrong with the reason as typed, or null when it may be sent. */
  problem: (reason: string) => string | null;
  /** Sends the trimmed reason; its error's message is shown under the field. */
  send: (reason: string) => Promise<unknown>;
  /** After a send succeeded; the dialog has closed and its field is empty again. */
  onSent: () => void;
}

/**
 * A dialog that asks for a required reason and sends it (reporting a message, flagging a reply as
 * not an answer). What is wrong with the reason shows under the field, in the dialog, before and
 * after sending; the reason typed so far stays until it is sent.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const send = useMutation({
    mutationFn: () => props.send(reason.trim()),
    onSuccess: () => {
      setOpen(false);
      setReason('');
      props.onSent();
    },
    onError: (failure) => setError(failure.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = props.problem(reason);
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
      {props.trigger(() => setOpen(true))}
      <DialogContent title={props.title} description={props.description}>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field id={id} label={props.label} required error={error ?? undefined}>
            <Textarea
              id={id}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={props.maxLength}
              rows={4}
              aria-required="true"
              aria-invalid={error ? true : undefined}
              placeholder={props.placeholder}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : props.submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
