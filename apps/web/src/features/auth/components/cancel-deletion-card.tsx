import { ACCOUNT_DELETION_MESSAGES, AUTH_MESSAGES } from '@fanline/contracts';
import { useMutation } from '@tanstack/react-query';
import { cancelDeletionByLink } from '../../../components/account-closure/account-deletion-query';
import { AuthShell } from '../../../components/layout/auth-shell';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';

/** The fragment key of the closing-account mail's link: /login#cancel-deletion=<token> (decision 0046). */
export const CANCEL_DELETION_KEY = 'cancel-deletion';

/**
 * Issue 41 point 2: the "your account is closing" mail's link opens the sign-in page with this card.
 * Nothing happens on opening (a mail scanner that follows links must not cancel for the owner): the
 * owner presses "Cancel deletion". `onDone` goes on to the sign-in form.
 */
export function CancelDeletionCard({ token, onDone }: { token: string; onDone: () => void }) {
  const cancel = useMutation({ mutationFn: () => cancelDeletionByLink(token) });
  const footer = (
    <Button variant="link" onClick={onDone}>
      {cancel.isSuccess ? 'Sign in' : 'Sign in instead'}
    </Button>
  );
  if (cancel.isSuccess) {
    return (
      <AuthShell title="Your account stays open" footer={footer}>
        <Alert tone="success">{ACCOUNT_DELETION_MESSAGES.cancelled}</Alert>
      </AuthShell>
    );
  }
  const failure =
    cancel.error instanceof ApiError && cancel.error.status > 0 && cancel.error.status < 500
      ? cancel.error.message
      : cancel.error
        ? AUTH_MESSAGES.unexpected
        : null;
  return (
    <AuthShell title="Cancel deletion" subtitle="Your Fanline account is closing. Keep it open?" footer={footer}>
      <div className="space-y-4">
        {failure && <Alert>{failure}</Alert>}
        <Button className="w-full" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
          {cancel.isPending ? 'Cancelling…' : 'Cancel deletion'}
        </Button>
      </div>
    </AuthShell>
  );
}
