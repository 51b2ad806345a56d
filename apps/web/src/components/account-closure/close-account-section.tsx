import { ACCOUNT_DELETION_GRACE_DAYS, ACCOUNT_DELETION_MESSAGES, AUTH_MESSAGES } from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/auth/session';
import { formatDate } from '../../lib/format-date';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../ui/dialog';
import { Field, fieldAria } from '../ui/field';
import { Input } from '../ui/input';
import { accountDeletionKey, accountDeletionQuery, cancelDeletion, closeAccount } from './account-deletion-query';

/**
 * Issue 41 point 2: "Close account" in the fan's Security tab and the creator's settings. The dialog
 * says what happens (open messages refunded, earnings kept, 14 days to change your mind), asks for the
 * password, then signs out. While the account is closing it shows the date and "Cancel deletion".
 */
export function CloseAccountSection({ creator = false }: { creator?: boolean }) {
  const state = useQuery(accountDeletionQuery());
  const pending = state.data?.deletion?.status === 'pending' ? state.data.deletion : null;
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="mt-10 border-t border-slate-200 pt-6">
      <h2 id={headingId} className="text-lg font-semibold text-red-700">
        Close account
      </h2>
      {pending ? (
        <PendingDeletion scheduledFor={pending.scheduledFor} />
      ) : (
        <>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            Closing your account signs you out everywhere and deletes your profile, pictures and personal data after{' '}
            {ACCOUNT_DELETION_GRACE_DAYS} days.
          </p>
          <CloseAccountDialog creator={creator} />
        </>
      )}
    </section>
  );
}

function PendingDeletion({ scheduledFor }: { scheduledFor: string }) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: cancelDeletion,
    onSuccess: (data) => {
      queryClient.setQueryData(accountDeletionKey, data);
      toast.success(ACCOUNT_DELETION_MESSAGES.cancelled);
    },
  });
  return (
    <div className="mt-3 space-y-3">
      <Alert tone="info" title="Your account is closing">
        It will be deleted on {formatDate(scheduledFor)}. Until then you can change your mind.
      </Alert>
      {cancel.isError && <Alert>{errorText(cancel.error)}</Alert>}
      <Button variant="secondary" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
        {cancel.isPending ? 'Cancelling…' : 'Cancel deletion'}
      </Button>
    </div>
  );
}

function CloseAccountDialog({ creator }: { creator: boolean }) {
  const id = useId();
  const { signOut } = useSession();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const close = useMutation({
    mutationFn: closeAccount,
    onSuccess: async (data) => {
      toast.success('Your account is closing', {
        description: data.deletion
          ? `It will be deleted on ${formatDate(data.deletion.scheduledFor)}. Sign in before then to cancel.`
          : undefined,
      });
      setOpen(false);
      await signOut();
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.fields?.password : undefined;
      setFieldError(message);
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) return setFieldError(ACCOUNT_DELETION_MESSAGES.passwordRequired);
    setFieldError(undefined);
    close.mutate(password);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setPassword('');
          setFieldError(undefined);
          close.reset();
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="danger" className="mt-4">
          Close account
        </Button>
      </DialogTrigger>
      <DialogContent title="Close your account?" description="Read what happens before you confirm.">
        <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
          <li>You are signed out on every device.</li>
          <li>
            Paid messages still waiting for an answer end now, and their money goes back: a hold on a card is released,
            a charge refunded.
          </li>
          {creator && (
            <>
              <li>You stop receiving paid messages, and your payout account is disconnected.</li>
              <li>
                Earnings not yet paid out stay on your account; they cannot be paid without a payout account. Cancel the
                deletion to connect one and ask for a payout, or write to support.
              </li>
            </>
          )}
          <li>
            You have {ACCOUNT_DELETION_GRACE_DAYS} days to change your mind: sign in, or use the link we email you, and
            choose “Cancel deletion”.
          </li>
          <li>
            After that, your name, email, profile, pictures and personal data are deleted and your username is held.
            Payment records are kept without them, as our Privacy Policy says.
          </li>
        </ul>
        <form noValidate onSubmit={submit} className="mt-5 space-y-4">
          {close.isError && !fieldError && <Alert title="Account not closed">{errorText(close.error)}</Alert>}
          <Field id={`${id}-password`} label="Password" error={fieldError}>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              {...fieldAria(`${id}-password`, fieldError)}
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Keep my account
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={close.isPending}>
              {close.isPending ? 'Closing…' : 'Close my account'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function errorText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'RATE_LIMITED') return AUTH_MESSAGES.tooManyAttempts;
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return error.message;
  return AUTH_MESSAGES.unexpected;
}
