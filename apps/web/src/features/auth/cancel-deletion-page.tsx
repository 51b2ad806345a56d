import { ACCOUNT_DELETION_MESSAGES, AUTH_MESSAGES } from '@fanline/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cancelDeletionByLink } from '../../components/account-closure/account-deletion-query';
import { AuthShell } from '../../components/layout/auth-shell';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../paths';
import { linkToken } from './utils/link-token';

/**
 * Issue 41 point 2: the "your account is closing" mail's link lands here. Nothing happens on opening
 * (a mail scanner that follows links must not cancel for the owner): the owner presses "Cancel deletion".
 */
export function Component() {
  const location = useLocation();
  // Read once from the link's fragment (decision 0046), then taken out of the address bar.
  const [token] = useState(() => linkToken(location));
  useEffect(() => {
    window.history.replaceState(window.history.state, '', location.pathname);
  }, [location.pathname]);
  const cancel = useMutation({ mutationFn: () => cancelDeletionByLink(token) });
  const footer = (
    <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
      Sign in
    </Link>
  );

  if (!token) {
    return (
      <AuthShell title="Cancel deletion" footer={footer}>
        <Alert title="This link is incomplete">Open the link from your email again, or sign in to cancel.</Alert>
      </AuthShell>
    );
  }
  if (cancel.isSuccess) {
    return (
      <AuthShell title="Your account stays open" footer={footer}>
        <Alert tone="success">{ACCOUNT_DELETION_MESSAGES.cancelled} Sign in to use it again.</Alert>
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
